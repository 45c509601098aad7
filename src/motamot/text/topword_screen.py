"""What `motamot topword play` shows: the board, the turns, the commands, the end."""

from __future__ import annotations

from motamot.text.i18n import Catalog

TOPWORD_SCREEN: Catalog = {
    "title": {
        "fr": "TOPWORD · tour {turn} · {ruleset}",
        "en": "TOPWORD · turn {turn} · {ruleset}",
    },
    "pile": {"fr": "Pioche : {count:lettre|lettres}", "en": "Pile: {count:tile|tiles}"},
    "scores": {"fr": "Scores :", "en": "Scores:"},
    "score_line": {"fr": "  {name} : {score}", "en": "  {name}: {score}"},
    "to_play": {"fr": "  ◀ à jouer", "en": "  ◀ to play"},
    "last_moves": {"fr": "Derniers coups :", "en": "Last moves:"},
    "rack": {"fr": "Chevalet ({name}) : {tiles}", "en": "Rack ({name}): {tiles}"},
    "help_short": {
        "fr": "Coup : 5E MAIN → ou E5 MAIN ↓ · passe · échange X · indice · aide · quitter",
        "en": "Move: 5E MAIN → or E5 MAIN ↓ · pass · exchange X · hint · help · quit",
    },
    "help": {
        "fr": "Case de départ puis mot entier tel qu'il se lira : rangée puis colonne pour "
        "un mot horizontal (5E MAIN), colonne puis rangée pour un mot vertical (E5 MAIN). "
        "Les lettres déjà posées s'écrivent aussi et restent en place ; une lettre différente "
        "s'empile dessus (jamais sur la même lettre). "
        "Qu s'écrit QU. «\u00a0indice\u00a0» : meilleurs coups ; «\u00a0quitter\u00a0» : "
        "enregistrer et quitter.",
        "en": "Starting cell then the whole word as it will read: row then column for a "
        "word across (5E MAIN), column then row for a word down (E5 MAIN). Letters already "
        "on the board are written too and stay; a different letter stacks on one (never on "
        "the same letter). Qu is written QU. "
        "'hint': best moves; 'quit': save and quit.",
    },
    "legend": {
        "fr": "M2 = lettre M, pile de 2 · * = case rouge du centre",
        "en": "M2 = letter M, stack of 2 · * = red centre square",
    },
    "played": {
        "fr": "{name} : {move} +{points} ({detail})",
        "en": "{name}: {move} +{points} ({detail})",
    },
    "start": {
        "fr": "Tirage : {draws} → {name} commence",
        "en": "Draw: {draws} → {name} starts",
    },
    "thinking": {"fr": "{name} réfléchit…", "en": "{name} is thinking…"},
    "passed": {"fr": "{name} : passe", "en": "{name}: pass"},
    "exchanged": {"fr": "{name} : échange une lettre", "en": "{name}: exchange of a tile"},
    "you_exchanged": {
        "fr": "Vous échangez {tile} : vous tirez {drawn}",
        "en": "You exchange {tile}: you draw {drawn}",
    },
    "refused": {"fr": "Refusé : {reason}", "en": "Refused: {reason}"},
    "syntax": {
        "fr": "Coup illisible {text!r} : une case puis un mot, ex. 5E MAIN ou E5 MAIN",
        "en": "Unreadable move {text!r}: a cell then a word, e.g. 5E MAIN or E5 MAIN",
    },
    "no_exchange_empty": {
        "fr": "La pioche est vide : pas d'échange",
        "en": "The pile is empty: no exchange",
    },
    "no_such_tile": {
        "fr": "Pas de {tile} sur votre chevalet",
        "en": "No {tile} on your rack",
    },
    "exchange_one": {
        "fr": "On échange une seule lettre à la fois : «\u00a0échange {first}\u00a0» par exemple",
        "en": "One tile is exchanged at a time: 'exchange {first}' for instance",
    },
    "same_letter_kept": {
        "fr": "Ce mot est déjà là : on n'empile pas une lettre sur la même.",
        "en": "That word is already there: a tile never stacks on the same letter.",
    },
    "exchange_which": {
        "fr": "Quelle lettre échanger ? ex. «\u00a0échange E\u00a0»",
        "en": "Which tile? e.g. 'exchange E'",
    },
    "hints": {"fr": "Indices :", "en": "Hints:"},
    "no_hint": {
        "fr": "Aucun coup possible : passez ou échangez une lettre",
        "en": "No move possible: pass or exchange a tile",
    },
    "hand_over": {
        "fr": "Au tour de {name}. Les autres, regardez ailleurs ! Entrée pour voir le chevalet… ",
        "en": "{name}'s turn. Others, look away! Press Enter to see the rack… ",
    },
    "hand_over_elided": {
        "fr": "Au tour d'{name}. Les autres, regardez ailleurs ! Entrée pour voir le chevalet… ",
        "en": "{name}'s turn. Others, look away! Press Enter to see the rack… ",
    },
    "pass_on": {
        "fr": "Entrée pour cacher votre chevalet et passer la main… ",
        "en": "Press Enter to hide your rack and pass on… ",
    },
    "over": {"fr": "Partie terminée : {reason}", "en": "Game over: {reason}"},
    "rack_empty": {
        "fr": "un joueur a posé toutes ses lettres, la pioche est vide",
        "en": "a player has used all their tiles and the pile is empty",
    },
    "nobody_can_play": {
        "fr": "plus personne ne peut former de mot, la pioche est vide",
        "en": "nobody can form a word and the pile is empty",
    },
    "all_passed": {"fr": "tous les joueurs ont passé", "en": "every player has passed"},
    "scoreless_limit": {"fr": "trop de tours sans points", "en": "too many scoreless turns"},
    "resigned": {
        "fr": "les autres joueurs ont abandonné",
        "en": "the other players resigned",
    },
    "final_line": {
        "fr": "  {name} : {score:n} − {penalty} ({left:lettre restante|lettres restantes}) "
        "= {final:n}",
        "en": "  {name}: {score:n} − {penalty} ({left:tile|tiles} left) = {final:n}",
    },
    "winner": {"fr": "Gagnant : {names} !", "en": "Winner: {names}!"},
    "winners": {"fr": "Égalité : {names} !", "en": "Tie: {names}!"},
    "saved": {"fr": "Partie enregistrée dans {path}", "en": "Game saved in {path}"},
    "resume_with": {
        "fr": "Pour la reprendre : motamot topword play --resume {path}",
        "en": "To resume it: motamot topword play --resume {path}",
    },
    "bad_seats": {
        "fr": "--players : {item!r} inconnu (human, {levels}, ou human:Nom)",
        "en": "--players: unknown {item!r} (human, {levels}, or human:Name)",
    },
    "bad_name": {"fr": "--players : {item}", "en": "--players: {item}"},
    "duplicate_name": {
        "fr": "--players : deux joueurs ont le même nom",
        "en": "--players: two players have the same name",
    },
    "seat_count": {
        "fr": "--players : {count:joueur|joueurs}, il en faut {low} à {high}",
        "en": "--players: {count:player|players}, {low} to {high} are needed",
    },
    "seats_mismatch": {
        "fr": "--players ne correspond pas aux joueurs de la partie ({item})",
        "en": "--players does not match the game's players ({item})",
    },
    "bad_ruleset": {
        "fr": "règles inconnues {name!r} (connues : {known})",
        "en": "unknown ruleset {name!r} (known: {known})",
    },
    "bad_record": {
        "fr": "{path} : partie illisible : {error}",
        "en": "{path}: unreadable game record: {error}",
    },
    "no_file": {
        "fr": "{path} : lecture impossible ({error})",
        "en": "{path}: cannot read ({error})",
    },
    "nothing_to_resume": {
        "fr": "aucune partie de Topword à reprendre",
        "en": "no Topword game to resume",
    },
    "finished_record": {
        "fr": "{path} : cette partie est déjà terminée",
        "en": "{path}: this game is already over",
    },
}
