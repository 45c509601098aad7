"""What the browser shows of a duplicate game (FR/EN): the home page's form, the turn, the
standings (D6), the sheet, « rejouer ce tirage »."""

from __future__ import annotations

from motamot.text.duplicate_arbiter import ARBITER_PAGE, ARBITER_REFUSALS
from motamot.text.i18n import Catalog
from motamot.text.kinds import KindTexts
from motamot.text.topword_web import TOPWORD_TEXTS

DUPLICATE_PAGE: Catalog = {
    "duplicate_title": {"fr": "Topword en duplicate", "en": "Duplicate Topword"},
    "dup_create_title": {"fr": "Créer une partie en duplicate", "en": "Create a duplicate game"},
    "dup_tagline": {
        "fr": "Tout le monde joue le même tirage sur la même grille ; le meilleur coup est "
        "posé pour tous. De 1 à 500 joueurs.",
        "en": "Everybody plays the same rack on the same board; the best move is laid for "
        "all. From 1 to 500 players.",
    },
    "dup_pace.live": {"fr": "En direct, un temps par coup", "en": "Live, a clock per turn"},
    "dup_pace.self": {
        "fr": "À son rythme (l'hôte passe au coup suivant)",
        "en": "Self-paced (the host moves on to the next turn)",
    },
    "dup_turn_seconds": {
        "fr": "Temps par coup en direct (secondes)",
        "en": "Time per turn when live (seconds)",
    },
    "dup_create": {"fr": "Créer la partie", "en": "Create the game"},
    "dup_replay_note": {
        "fr": "Cette partie rejouera les tirages d'une partie terminée, à votre rythme.",
        "en": "This game replays the draws of a finished game, at your own pace.",
    },
    # the lobby
    "dup_clock": {"fr": "{seconds} s par coup", "en": "{seconds} s a turn"},
    "dup_self_paced": {
        "fr": "à son rythme (l'hôte passe au coup suivant)",
        "en": "self-paced (the host moves on)",
    },
    "dup_chosen": {
        "fr": "Les tirages d'une partie terminée, rejoués.",
        "en": "The draws of a finished game, played again.",
    },
    "dup_original": {"fr": "Voir la partie d'origine", "en": "See the original game"},
    "dup_waiting_host": {
        "fr": "En attente de l'hôte, qui lance la partie.",
        "en": "Waiting for the host, who starts the game.",
    },
    # a turn
    "dup_turn": {"fr": "Coup {number}", "en": "Turn {number}"},
    "dup_time_left": {"fr": "Reste {time}", "en": "{time} left"},
    "dup_host_paces": {
        "fr": "À son rythme : l'hôte passe au coup suivant.",
        "en": "Self-paced: the host moves on to the next turn.",
    },
    "dup_submitted_count": {
        "fr": "Coups proposés : {count} sur {total}",
        "en": "Moves in: {count} of {total}",
    },
    "dup_rack": {"fr": "Le tirage (le même pour tous)", "en": "The rack (the same for all)"},
    "dup_submit": {"fr": "Proposer", "en": "Submit"},
    "dup_replaces": {
        "fr": "Vous pouvez proposer un autre coup : le dernier proposé avant la fin du temps "
        "compte.",
        "en": "You may submit another move: the last one before time runs out counts.",
    },
    "dup_my_move": {"fr": "Votre coup proposé : {move}", "en": "Your move: {move}"},
    "dup_no_move_yet": {"fr": "Aucun coup proposé pour l'instant.", "en": "No move submitted yet."},
    "dup_sent": {"fr": "Coup proposé : {move}", "en": "Move submitted: {move}"},
    "dup_replaced": {
        "fr": "Coup remplacé : {move} compte désormais",
        "en": "Move replaced: {move} counts now",
    },
    "dup_next_turn": {"fr": "Coup suivant", "en": "Next turn"},
    # a turn's end
    "dup_turn_result": {"fr": "Coup {number} : le top", "en": "Turn {number}: the top"},
    "dup_top_line": {"fr": "Top : {move}, {points} pt", "en": "Top: {move}, {points} pt"},
    "dup_no_top": {
        "fr": "Aucun coup possible avec ce tirage : il retourne dans la pioche.",
        "en": "No move with this rack: it goes back to the pile.",
    },
    "dup_found_by": {"fr": "Trouvé par {names}", "en": "Found by {names}"},
    "dup_found_more": {
        "fr": "{names} et {count:autre|autres}",
        "en": "{names} and {count:other|others}",
    },
    "dup_found_by_nobody": {
        "fr": "Personne n'a trouvé le top.",
        "en": "Nobody found the top.",
    },
    "dup_yours": {
        "fr": "Votre coup : {move}, {points} pt ({gap})",
        "en": "Your move: {move}, {points} pt ({gap})",
    },
    "dup_yours_refused": {
        "fr": "Votre coup {move} : 0 pt, {why}",
        "en": "Your move {move}: 0 pt, {why}",
    },
    "dup_yours_none": {
        "fr": "Vous n'avez proposé aucun coup : 0 pt.",
        "en": "You submitted no move: 0 pt.",
    },
    # the standings (D6)
    "dup_standings": {"fr": "Classement", "en": "Standings"},
    "dup_top_total": {"fr": "Total des tops : {points}", "en": "Total of the tops: {points}"},
    "dup_analyse": {
        "fr": "Ce tirage sur le plateau d'analyse",
        "en": "This draw on the analysis board",
    },
    "dup_all_standings": {
        "fr": "Tout le classement ({count:joueur|joueurs})",
        "en": "All the standings ({count:player|players})",
    },
    "col.rank": {"fr": "Place", "en": "Place"},
    "col.total": {"fr": "Total", "en": "Total"},
    "col.gap": {"fr": "Écart", "en": "Gap"},
    "col.share": {"fr": "% du top", "en": "% of top"},
    # the end
    "dup_over": {"fr": "Fin de la partie", "en": "End of the game"},
    "dup_end.no_valid_draw": {
        "fr": "Le sac et le chevalet n'ont plus assez de voyelles ou de consonnes.",
        "en": "The pile and the rack no longer hold enough vowels or consonants.",
    },
    "dup_end.dead_racks": {
        "fr": "Deux tirages de suite sans aucun coup possible.",
        "en": "Two racks in a row with no possible move.",
    },
    "dup_end.pile_empty": {"fr": "Plus aucune lettre à tirer.", "en": "No tile left to draw."},
    "dup_sheet": {"fr": "La feuille de match", "en": "The score sheet"},
    "col.turn": {"fr": "Coup", "en": "Turn"},
    "col.draw": {"fr": "Tirage", "en": "Rack"},
    "col.top": {"fr": "Top", "en": "Top"},
    "col.points": {"fr": "Points", "en": "Points"},
    "col.found_by": {"fr": "Trouvé par", "en": "Found by"},
    "col.mine": {"fr": "Votre coup", "en": "Your move"},
    "col.my_points": {"fr": "Vos points", "en": "Your points"},
    "dup_no_move": {"fr": "aucun coup", "en": "no move"},
    "dup_seed": {"fr": "Tirages n° {seed}", "en": "Draws no. {seed}"},
    "dup_replay": {"fr": "Rejouer ce tirage", "en": "Replay this draw"},
    "dup_not_over": {
        "fr": "La partie n'est pas finie : elle se revoit une fois terminée.",
        "en": "The game is not over: it can be replayed once it is.",
    },
    "dup_replay_hint": {
        "fr": "Ce lien ouvre une nouvelle partie sur les mêmes tirages, seul et à votre rythme.",
        "en": "This link opens a new game on the same draws, alone and at your own pace.",
    },
    # its name in the lobby and on the players' pages
    "kind.duplicate": {"fr": "Topword en duplicate", "en": "Duplicate Topword"},
}

#: Duplicate plays on Topword's board, referee and composer: it says Topword's texts too.
DUPLICATE_TEXTS = KindTexts(
    {**TOPWORD_TEXTS.page, **DUPLICATE_PAGE, **ARBITER_PAGE},
    {**TOPWORD_TEXTS.refusals, **ARBITER_REFUSALS},
    TOPWORD_TEXTS.client,
)
