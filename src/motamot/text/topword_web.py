"""What the browser shows of a Topword table (FR/EN): the home page's table form, the board."""

from __future__ import annotations

from motamot.text.i18n import Catalog

TOPWORD_PAGE: Catalog = {
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
        "fr": "Les traits au bord gauche d'une case : combien de lettres y sont empilées (une par "
        "trait, 5 au plus).",
        "en": "The marks on a cell's left edge: how many tiles are stacked there (one per mark, "
        "5 at most).",
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
    "exchange_pick": {
        "fr": "Touchez la lettre à échanger sur votre chevalet.",
        "en": "Tap the tile to exchange on your rack.",
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
    "final_line": {
        "fr": "{name} : {score} (lettres restantes −{penalty})",
        "en": "{name}: {score} (tiles left −{penalty})",
    },
    "winner": {"fr": "Gagné par {names}", "en": "Won by {names}"},
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
    "tw_offline_action": {
        "fr": "Hors ligne : rien n'est envoyé, réessayez au retour de la connexion.",
        "en": "Offline: nothing was sent, try again when the connection is back.",
    },
}
