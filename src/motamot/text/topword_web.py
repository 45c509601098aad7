"""What the browser shows of a Topword table (FR/EN): the home page's table form, the board."""

from __future__ import annotations

from motamot.text.errors import GAME_ERRORS, MOVE_REFUSALS
from motamot.text.i18n import Catalog
from motamot.text.kinds import KindTexts
from motamot.text.topword import SCORE_TEXTS
from motamot.text.topword_editor import EDITOR_PAGE

TOPWORD_PAGE: Catalog = {
    # « Le plateau sur la table » (web/topword/analysis.py): a typed position analysed
    "analysis.title": {"fr": "Le plateau sur la table", "en": "The board on the table"},
    "analysis.intro": {
        "fr": "Tapez la position de votre partie (ou d'un tirage de duplicate) et le"
        " chevalet\u00a0: les meilleurs coups s'affichent, points détaillés. L'adresse de"
        " la page est la position\u00a0: partagez-la.",
        "en": "Type your game's position (or a duplicate draw's) and the rack: the best"
        " moves are shown, points itemised. The page's address is the position: share it.",
    },
    "analysis.position": {"fr": "Le plateau", "en": "The board"},
    "analysis.position_hint": {
        "fr": "Dix lignes de dix cases, séparées par / ou à la ligne\u00a0: une lettre par"
        " tuile, suivie de sa hauteur si la pile en a plusieurs (M3), un point pour une case"
        " vide. Vide\u00a0: le premier coup.",
        "en": "Ten rows of ten cells, separated by / or new lines: a letter a tile, followed"
        " by its height when the stack has several (M3), a dot for an empty cell. Empty: the"
        " first move.",
    },
    "analysis.rack": {"fr": "Le chevalet", "en": "The rack"},
    "analysis.rules": {"fr": "Les règles", "en": "The rules"},
    "analysis.go": {"fr": "Trouver les meilleurs coups", "en": "Find the best moves"},
    "analysis.board": {"fr": "La position", "en": "The position"},
    "analysis.link": {"fr": "Lien vers cette position", "en": "Link to this position"},
    "analysis.moves": {"fr": "Les meilleurs coups", "en": "The best moves"},
    "analysis.points": {"fr": "{points:point|points}", "en": "{points:point|points}"},
    "analysis.bonus": {"fr": "{bonus}\u00a0: {points}", "en": "{bonus}: {points}"},
    "analysis.no_move": {
        "fr": "Aucun coup possible avec ce chevalet\u00a0: passez ou échangez.",
        "en": "No move with this rack: pass or exchange.",
    },
    "tw_create_title": {"fr": "Créer une table de Topword", "en": "Create a Topword table"},
    "tw_tagline": {
        "fr": "De 2 à 4 joueurs, chacun son chevalet, caché des autres ; en direct ou par "
        "correspondance.",
        "en": "2 to 4 players, each with a rack hidden from the others; live or by correspondence.",
    },
    "tw_ruleset": {"fr": "Règles", "en": "Rules"},
    "ruleset.topword-fr": {"fr": "Topword (français)", "en": "Topword (French)"},
    "ruleset.upwords-en": {"fr": "Upwords (anglais)", "en": "Upwords (English)"},
    "tw_seats": {"fr": "Les autres places", "en": "The other seats"},
    "tw_seat_n": {"fr": "Place {number}", "en": "Seat {number}"},
    "seat.none": {"fr": "aucune", "en": "none"},
    "tw_seat_count": {
        "fr": "Une table pour {count} joueurs (une place laissée à «\u00a0aucune\u00a0» n'en "
        "est pas une).",
        "en": "A table for {count} players (a seat left at “none” is no seat).",
    },
    "seat.person": {"fr": "une personne (par le lien)", "en": "a person (by the link)"},
    "tw_level.beginner": {"fr": "ordinateur débutant", "en": "beginner computer"},
    "tw_level.greedy": {"fr": "ordinateur glouton", "en": "greedy computer"},
    "tw_level.expert": {"fr": "ordinateur expert", "en": "expert computer"},
    "tw_pace": {"fr": "Rythme", "en": "Pace"},
    "pace.live": {"fr": "en direct", "en": "live"},
    "pace.correspondence": {
        "fr": "par correspondance (revenez quand vous voulez)",
        "en": "by correspondence (come back any time)",
    },
    "tw_turn_seconds": {
        "fr": "Temps par tour en direct (secondes, vide : sans limite)",
        "en": "Time per turn when live (seconds, empty: no limit)",
    },
    "tw_turn_days": {
        "fr": "Temps par coup par correspondance",
        "en": "Time per move by correspondence",
    },
    "tw_days": {"fr": "{count:jour|jours}", "en": "{count:day|days}"},
    "tw_hints": {"fr": "Conseils permis pendant la partie", "en": "Hints allowed during the game"},
    "tw_create": {"fr": "Créer la table", "en": "Create the table"},
    "my_tables": {"fr": "Mes tables", "en": "My tables"},
    "no_tables": {"fr": "aucune table dans ce navigateur", "en": "no table in this browser"},
    "your_turn": {"fr": "à vous de jouer", "en": "your turn"},
    "turn_of": {"fr": "au tour de {name}", "en": "{name} to play"},
    # before a vowel or an h (a first name's is mute): « au tour d'Anne »
    "turn_of_elided": {"fr": "au tour d'{name}", "en": "{name} to play"},
    "waiting_start": {"fr": "en attente du départ", "en": "waiting to start"},
    "game_over_short": {"fr": "terminée", "en": "over"},
    "table_title": {"fr": "Table de Topword", "en": "Topword table"},
    "start_game": {"fr": "Commencer la partie", "en": "Start the game"},
    "seat_waiting": {
        "fr": "Place {number} : en attente d'un joueur",
        "en": "Seat {number}: waiting for a player",
    },
    "start_awaited": {
        "fr": "En attente de {count:joueur|joueurs} : envoyez le lien à donner aux joueurs.",
        "en": "Waiting for {count:player|players}: send the link for players.",
    },
    "table_full_line": {
        "fr": "Cette table est complète\u00a0: vous pouvez regarder la partie.",
        "en": "This table is full: you may watch the game.",
    },
    "tw_clock": {"fr": "{duration} par coup", "en": "{duration} a move"},
    "tw_no_clock": {"fr": "sans limite de temps", "en": "no time limit"},
    "tw_hints_on": {"fr": "conseils permis", "en": "hints allowed"},
    "tw_hints_off": {"fr": "sans conseils", "en": "no hints"},
    "created_on": {"fr": "créée le {date}", "en": "created {date}"},
    "starter_drawn": {
        "fr": "Tirage pour commencer : {draws}. {name} commence.",
        "en": "Draw to start: {draws}. {name} starts.",
    },
    "board": {"fr": "Plateau", "en": "Board"},
    "stack_height": {
        "fr": "{count:lettre empilée|lettres empilées}",
        "en": "{count:tile|tiles} high",
    },
    "board_legend": {
        "fr": "Le chiffre en bas à gauche d'une case\u00a0: combien de lettres y sont empilées "
        "(5 au plus).",
        "en": "The number in a cell's lower left corner: how many tiles are stacked there "
        "(5 at most).",
    },
    "rack": {"fr": "Votre chevalet", "en": "Your rack"},
    "pile": {"fr": "Pioche : {count:lettre|lettres}", "en": "Pile: {count:tile|tiles}"},
    "shuffle": {"fr": "Mélanger", "en": "Shuffle"},
    "take_back": {"fr": "Reprendre", "en": "Take back"},
    "direction": {"fr": "Sens", "en": "Direction"},
    "across": {"fr": "→ horizontal", "en": "→ across"},
    "down": {"fr": "↓ vertical", "en": "↓ down"},
    "notation": {"fr": "Coup (ex. 5E MAIN)", "en": "Move (e.g. 5E MAIN)"},
    "play": {"fr": "Jouer", "en": "Play"},
    "pass": {"fr": "Passer", "en": "Pass"},
    "exchange": {"fr": "Échanger", "en": "Exchange"},
    "pass_confirm": {"fr": "Passer votre tour\u00a0?", "en": "Pass your turn?"},
    "pass_yes": {"fr": "Oui, passer", "en": "Yes, pass"},
    "exchange_confirm": {
        "fr": "Échanger {tile} contre une lettre de la pioche\u00a0? Vous ne jouez pas ce tour.",
        "en": "Exchange {tile} for a tile from the pile? You do not play this turn.",
    },
    "exchange_yes": {"fr": "Oui, échanger", "en": "Yes, exchange"},
    "confirm_no": {"fr": "Non", "en": "No"},
    "exchange_pick": {
        "fr": "Choisissez la lettre à échanger sur votre chevalet\u00a0: touchez-la, ou Entrée au "
        "clavier.",
        "en": "Choose the tile to exchange on your rack: tap it, or press Enter on it.",
    },
    "board_hint": {
        "fr": "Glissez une lettre du chevalet sur une case, ou touchez une case, choisissez le "
        "sens et tapez les lettres.",
        "en": "Drag a tile from the rack to a cell, or tap a cell, choose the direction and "
        "type the letters.",
    },
    "preview_legal": {"fr": "{move} : {points} pt", "en": "{move}: {points} pt"},
    "last_move": {"fr": "Dernier coup", "en": "Last move"},
    "played_line": {"fr": "{name} : {move}, {points} pt", "en": "{name}: {move}, {points} pt"},
    "passed_line": {"fr": "{name} passe", "en": "{name} passes"},
    "resigned_line": {"fr": "{name} abandonne", "en": "{name} resigns"},
    "resign": {"fr": "Abandonner", "en": "Resign"},
    "resign_confirm": {
        "fr": "Abandonner la partie ? Vos lettres sont mises de côté, votre score reste tel "
        "quel et vous ne pouvez plus gagner ; les autres continuent.",
        "en": "Resign the game? Your tiles are set aside, your score stays as it is and you "
        "can no longer win; the others play on.",
    },
    "resign_yes": {"fr": "Oui, abandonner", "en": "Yes, resign"},
    "resign_no": {"fr": "Non, continuer", "en": "No, play on"},
    "resigned_badge": {"fr": "a abandonné", "en": "resigned"},
    "played.resign": {"fr": "abandonne", "en": "resigns"},
    "timed_out_line": {"fr": "{name} : temps écoulé", "en": "{name}: time ran out"},
    "exchanged_line": {"fr": "{name} échange une lettre", "en": "{name} exchanges a tile"},
    "exchanged_own": {"fr": "{name} échange {tile}", "en": "{name} exchanges {tile}"},
    "bonus.all_tiles": {"fr": "7 lettres posées", "en": "all 7 tiles"},
    "bonus.qu_word": {"fr": "mot à plat avec Qu", "en": "flat word with Qu"},
    "bonus.letter": {"fr": "lettre {tile}", "en": "letter {tile}"},
    "turns": {"fr": "Les coups", "en": "The moves"},
    "scores": {"fr": "Scores", "en": "Scores"},
    "to_play": {"fr": "à jouer", "en": "to play"},
    "clock_left": {"fr": "{left} pour jouer", "en": "{left} to play"},
    "final": {"fr": "Fin de la partie", "en": "End of the game"},
    "final_line": {"fr": "{name} : {score:n}", "en": "{name}: {score:n}"},
    "final_line_penalty": {
        "fr": "{name} : {score:n} (dont −{penalty} pour les lettres restantes)",
        "en": "{name}: {score:n} (−{penalty} for the tiles left)",
    },
    "winner": {"fr": "Gagné par {names}", "en": "Won by {names}"},
    "rematch": {"fr": "Revanche", "en": "Rematch"},
    "rematch_hint": {
        "fr": "Une nouvelle table, les mêmes places et les mêmes réglages\u00a0: les autres y "
        "sont invités.",
        "en": "A new table with the same seats and settings: the others are invited.",
    },
    "rematch_join": {"fr": "Rejoindre la revanche", "en": "Join the rematch"},
    "download": {"fr": "Télécharger la partie", "en": "Download the game"},
    "replay": {"fr": "Revoir coup par coup", "en": "Replay move by move"},
    "analysis": {"fr": "Analyse de la partie", "en": "Game analysis"},
    "hint": {"fr": "Conseil", "en": "Hint"},
    "previous": {"fr": "◀ Précédent", "en": "◀ Previous"},
    "next": {"fr": "Suivant ▶", "en": "Next ▶"},
    "move_n": {"fr": "Coup {number} sur {total}", "en": "Move {number} of {total}"},
    "col.player": {"fr": "Joueur", "en": "Player"},
    "col.rack": {"fr": "Chevalet", "en": "Rack"},
    "col.played": {"fr": "Joué", "en": "Played"},
    "col.best": {"fr": "Meilleur coup", "en": "Best move"},
    "col.left": {"fr": "Laissés", "en": "Left"},
    "points_left": {"fr": "{points} pt laissés", "en": "{points} pt left"},
    "played.pass": {"fr": "passe", "en": "pass"},
    "played.exchange": {"fr": "échange {tile}", "en": "exchange {tile}"},
    # the connection is down when a move is played: kept, sent when it is back
    "tw_offline_move": {
        "fr": "Hors ligne : votre coup est gardé, il partira au retour de la connexion.",
        "en": "Offline: your move is kept, it will go when the connection is back.",
    },
}

#: Quick pairing (`/partie-rapide`, `web/topword/quick.py`) and the links to it.
QUICK_PAGE: Catalog = {
    "quick_link": {
        "fr": "Partie rapide de Topword : trouver un adversaire",
        "en": "Quick Topword game: find an opponent",
    },
    # « Partie rapide » (`/partie-rapide`)
    "quick_title": {"fr": "Partie rapide de Topword", "en": "Quick Topword game"},
    "quick_intro": {
        "fr": "Choisissez les règles et le rythme : vous êtes mis face au premier joueur qui"
        " cherche la même partie (de force proche quand vous êtes classés tous les deux), et"
        " la table s'ouvre pour vous deux.",
        "en": "Choose the rules and the pace: you meet the first player looking for the same"
        " game (of a close strength when both of you are rated), and the table opens for"
        " you both.",
    },
    "quick_pace": {"fr": "Rythme", "en": "Pace"},
    "quick_pace.1m": {"fr": "1 min par coup (en direct)", "en": "1 min a move (live)"},
    "quick_pace.2m": {"fr": "2 min par coup (en direct)", "en": "2 min a move (live)"},
    "quick_pace.1d": {
        "fr": "1 jour par coup (par correspondance)",
        "en": "1 day a move (by correspondence)",
    },
    "quick_pace.3d": {
        "fr": "3 jours par coup (par correspondance)",
        "en": "3 days a move (by correspondence)",
    },
    "quick_rated_hint": {
        "fr": "Classée : seulement contre un autre compte qui la veut classée aussi.",
        "en": "Rated: only against another account that wants it rated too.",
    },
    "quick_rated_account": {
        "fr": "Une partie classée demande un compte (Compte, en haut de la page).",
        "en": "A rated game needs an account (Account, at the top of the page).",
    },
    "quick_seek": {"fr": "Chercher un adversaire", "en": "Find an opponent"},
    "quick_seeking_title": {"fr": "Recherche en cours", "en": "Looking"},
    "quick_seeking": {
        "fr": "On cherche un adversaire : {rules}, {pace}…",
        "en": "Looking for an opponent: {rules}, {pace}…",
    },
    "quick_live_note": {
        "fr": "Gardez cette page ouverte : la partie commence dès qu'un adversaire arrive.",
        "en": "Keep this page open: the game starts as soon as an opponent comes.",
    },
    "quick_correspondence_note": {
        "fr": "Vous pouvez fermer cette page : la partie vous attendra dans « Mes parties ».",
        "en": "You may close this page: the game will wait for you in « My games ».",
    },
    "quick_cancel": {"fr": "Annuler la recherche", "en": "Stop looking"},
    "quick_found": {
        "fr": "Adversaire trouvé : à la table !",
        "en": "Opponent found: to the table!",
    },
    "quick_last_table": {
        "fr": "Votre dernière partie rapide vous attend.",
        "en": "Your last quick game is waiting for you.",
    },
    "quick_go_table": {"fr": "Aller à la table", "en": "Go to the table"},
    "quick_no_identity": {
        "fr": "Rechargez la page : ce navigateur n'a pas encore d'identité ici.",
        "en": "Reload the page: this browser has no identity here yet.",
    },
    "quick_ended.cancelled": {"fr": "Recherche annulée.", "en": "Search stopped."},
    "quick_ended.replaced": {
        "fr": "Une autre page a lancé une recherche à votre nom : c'est elle qui attend.",
        "en": "Another page started a search in your name: that one waits.",
    },
    "quick_ended.expired": {
        "fr": "Personne n'est venu à temps : la recherche s'est arrêtée.",
        "en": "Nobody came in time: the search stopped.",
    },
    "quick_ended.failed": {
        "fr": "La table n'a pas pu être ouverte : relancez la recherche.",
        "en": "The table could not be opened: search again.",
    },
}

#: Why a seek was refused (besides the rooms' own words: a name, a rated game).
QUICK_REFUSALS: Catalog = {
    "unknown_pace": {"fr": "rythme inconnu", "en": "unknown pace"},
    "pairing_full": {
        "fr": "trop de joueurs cherchent en ce moment : réessayez dans un instant",
        "en": "too many players are looking just now: try again in a moment",
    },
}

#: Topword's name in the lobby and on the players' pages, its rating families, its card on
#: the home page and its guide's links.
TOPWORD_NAMES: Catalog = {
    "kind.topword": {"fr": "Topword", "en": "Topword"},
    "figures_moves": {"fr": "En coups (Topword)", "en": "By moves (Topword)"},
    "family.topword-fr": {"fr": "Topword (français)", "en": "Topword (French)"},
    "family.upwords-en": {"fr": "Upwords (anglais)", "en": "Upwords (English)"},
    "guide_title.topword": {"fr": "Comment jouer au Topword", "en": "How to play Topword"},
    "intro.topword": {
        "fr": "Des mots croisés qui montent : empilez vos lettres pour changer les mots des "
        "autres.",
        "en": "Crosswords that grow upwards: stack your letters to change the others' words.",
    },
    "intro.create.topword": {"fr": "Créer une table", "en": "Create a table"},
    "picture.topword": {
        "fr": "Un coin du plateau de Topword : des mots croisés, des lettres empilées jusqu'à "
        "trois de haut.",
        "en": "A corner of the Topword board: crossing words, letters stacked up to three high.",
    },
    "guide_create.topword": {"fr": "Créer une table de Topword", "en": "Create a Topword table"},
}

#: A Topword table's refusals: the referee's (T20, `detail` the word or cell at fault),
#: the pile's (T17), a draw chosen in advance, hints, and quick pairing's.
TOPWORD_REFUSALS: Catalog = {
    **MOVE_REFUSALS,
    "pile_empty": GAME_ERRORS["pile_empty"],
    "draw_without_origin": {
        "fr": "un tirage choisi doit venir d'une partie qui l'a joué",
        "en": "a chosen draw must come from a game that played it",
    },
    "origin_without_draw": {
        "fr": "une partie d'origine ne se donne qu'avec son tirage",
        "en": "an original game comes only with its draw",
    },
    "unknown_draw_origin": {
        "fr": "aucune partie n'a fini de jouer ce tirage avec ces règles",
        "en": "no game has finished playing this draw with these rules",
    },
    "table_full": {
        "fr": "cette table est complète\u00a0: ses {seats} places sont prises (vous pouvez "
        "regarder la partie)",
        "en": "this table is full: its {seats} seats are taken (you may watch the game)",
    },
    "bad_seats": {
        "fr": "une table a de 2 à 4 places",
        "en": "a table has 2 to 4 seats",
    },
    "bad_rematch": {
        "fr": "ce lien n'est pas celui d'une nouvelle table de Topword",
        "en": "this link is not a new Topword table's",
    },
    "rematch_offered": {
        "fr": "une revanche est déjà proposée",
        "en": "a rematch is offered already",
    },
    "game_not_over": {"fr": "la partie n'est pas finie", "en": "the game is not over"},
    "hints_off": {
        "fr": "pas de conseils à cette table (l'hôte ne les a pas permis)",
        "en": "no hints at this table (the host did not allow them)",
    },
    **QUICK_REFUSALS,
}

TOPWORD_TEXTS = KindTexts(
    {**TOPWORD_PAGE, **QUICK_PAGE, **TOPWORD_NAMES, **EDITOR_PAGE},
    TOPWORD_REFUSALS,
    {"score": SCORE_TEXTS},
)
