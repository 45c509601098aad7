"""The command line's own words: argparse's messages in French, option help in English.

Option help is written in French where the option is declared (or as
"français / English"); `HELP_EN` gives the English of each French help,
whole or by fragment when the help holds a list built from data (presets,
levels). argparse's messages are English `gettext` ids; `ARGPARSE_FR` gives
their French (`motamot.cli.localise` hooks them in).
"""

from __future__ import annotations

from collections.abc import Mapping

from motamot.text.i18n import Catalog

#: argparse's gettext ids that a player can meet → French.
ARGPARSE_FR: Mapping[str, str] = {
    "usage: ": "usage : ",
    "options": "options",
    "positional arguments": "arguments",
    "%(prog)s: error: %(message)s\n": "%(prog)s : erreur : %(message)s\n",
    "the following arguments are required: %s": "il manque %s",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "choix invalide : %(value)r (au choix : %(choices)s)"
    ),
    "argument %(argument_name)s: %(message)s": "argument %(argument_name)s : %(message)s",
    "unrecognized arguments: %s": "arguments inconnus : %s",
    "expected one argument": "une valeur attendue",
    "expected at least one argument": "au moins une valeur attendue",
    "expected at most one argument": "au plus une valeur attendue",
    "invalid %(type)s value: %(value)r": "%(value)r n'est pas un nombre valide",
    "not allowed with argument %s": "incompatible avec l'argument %s",
    "one of the arguments %s is required": "un des arguments %s est obligatoire",
    "ambiguous option: %(option)s could match %(matches)s": (
        "option ambiguë : %(option)s peut être %(matches)s"
    ),
    "ignored explicit argument %r": "valeur %r en trop",
    "can't open '%(filename)s': %(error)s": "impossible d'ouvrir '%(filename)s' : %(error)s",
    "show this help message and exit": "afficher cette aide et quitter",
    "show program's version number and exit": "afficher la version et quitter",
}

#: argparse's plural messages (ngettext ids, singular then plural) → French.
ARGPARSE_PLURALS_FR: Mapping[tuple[str, str], tuple[str, str]] = {
    ("expected %s argument", "expected %s arguments"): (
        "%s valeur attendue",
        "%s valeurs attendues",
    ),
}

#: Names of option values in usage lines → French.
METAVARS_FR: Mapping[str, str] = {
    "ADDRESS": "ADRESSE",
    "COMMAND": "COMMANDE",
    "FILE": "FICHIER",
    "GRID": "GRILLE",
    "WORD": "MOT",
    "MOVE": "COUP",
    "NAME|PATH": "NOM|CHEMIN",
    "LEVEL,...": "NIVEAU,...",
    "NAME": "NOM",
    "PLAYERS": "JOUEURS",
    "RACK": "CHEVALET",
    "RULESET": "RÈGLES",
    "SEED": "GRAINE",
    "LANG": "LANGUE",
    "HOST": "HÔTE",
    "DB": "BASE",
    "PRESET": "JEU",
}

#: French option help → English: whole strings first, then fragments in order.
HELP_EN: Mapping[str, str] = {
    "Boggle et Topword : arbitre, solveur, joueurs ordinateur.": (
        "Boggle and Topword: referee, solver, computer players."
    ),
    "arbitrer des mots sur une grille": "judge words on a grid",
    "les classements publics de la grille du jour et de l'arène montrent tous les "
    "joueurs, pas seulement les comptes (F1)": "the public lists of the daily grid and the "
    "arena show every player, not accounts only (F1)",
    "la grille du jour d'un serveur": "a server's daily grid",
    "le jour (défaut : aujourd'hui, en UTC)": "the day (default: today, in UTC)",
    "le secret du serveur (défaut : server.secret dans le dossier de données)": (
        "the server's secret (default: server.secret in the data folder)"
    ),
    "boggle : tirer, résoudre, arbitrer": "boggle: roll, solve, judge",
    "topword : jouer, arbitrer, chercher les coups": "topword: play, judge, find moves",
    "compiler sa propre liste de mots": "compile your own word list",
    "dictionnaire (défaut : celui de l'enregistrement)": "dictionary (default: the record's)",
    "dictionnaire (défaut : selon le jeu)": "dictionary (default: the game's)",
    "dictionnaire (défaut : selon les règles)": "dictionary (default: the ruleset's)",
    "dictionnaire : fr (défaut), en, un nom enregistré ou un fichier": (
        "dictionary: fr (default), en, a registered name or a file"
    ),
    "dictionnaire vérifié à la fin de la manche seulement (comme sur papier)": (
        "dictionary checked only at the end of the round (as on paper)"
    ),
    "durée d'une manche en secondes": "length of a round in seconds",
    "graine (défaut : au hasard)": "seed (default: random)",
    "lettres du chevalet, Q pour Qu": "rack tiles, Q for Qu",
    "nom, nombre de mots, sha256": "name, number of words, sha256",
    "nombre de manches (défaut 1)": "number of rounds (default 1)",
    "rejouer l'enregistrement d'une manche ou partie": "replay the record of a round or match",
    "reprendre une partie enregistrée (sans FILE : la dernière laissée en cours)": (
        "resume a saved game (without FILE: the last one left unfinished)"
    ),
    "reprendre la dernière partie laissée en cours (même en pleine manche)": (
        "resume the last game left unfinished (even in the middle of a round)"
    ),
    "score à atteindre": "score to reach",
    "tirer une grille": "roll a grid",
    "tous les mots d'une grille": "every word of a grid",
    "tous les mots, un par ligne": "every word, one per line",
    "une grille par ligne": "one grid per line",
    "vérifier des mots": "check words",
    "5E MAIN (horizontal), E5 MAIN (vertical)": "5E MAIN (across), E5 MAIN (down)",
    "dictionnaire (défaut : selon le préréglage)": "dictionary (default: the preset's)",
    # fragments of helps built from data
    "(défaut : topword-fr, upwords-en avec --lang en)": (
        "(default: topword-fr, upwords-en with --lang en)"
    ),
    "(défaut : classic-fr, classic-en avec --lang en)": (
        "(default: classic-fr, classic-en with --lang en)"
    ),
    "préréglage : ": "preset: ",
    "(défaut : selon la taille de la grille)": "(default: from the grid size)",
    "(défaut ": "(default ",
    "ordinateurs, un par niveau : ": "computer players, one per level: ",
    "joueurs dans l'ordre : human ou ": "players in turn order: human or ",
    "(human:Nom pour nommer), défaut ": "(human:Name to name one), default ",
    "serveur web : jouer au Boggle à plusieurs dans le navigateur": (
        "web server: play Boggle together in the browser"
    ),
    "Lance le serveur motamot : ouvrez l'adresse affichée, créez une salle "
    "et donnez son lien à vos amis.": (
        "Starts the motamot server: open the address it prints, create a room "
        "and give its link to your friends."
    ),
    "adresse d'écoute (défaut : toutes, pour le réseau local)": (
        "address to listen on (default: all, for the local network)"
    ),
    "port (défaut : 8000)": "port (default: 8000)",
    "plusieurs processus : URL redis:// qui relie les serveurs d'une même base "
    "postgresql:// (chaque salle a un processus maître, les autres le suivent)": (
        "several processes: a redis:// URL linking the servers of one postgresql:// "
        "database (each room has one owner process, the others follow it)"
    ),
    "base des parties : fichier SQLite (défaut : dossier de données) ou URL postgresql://": (
        "games database: a SQLite file (default: in the data folder) or a postgresql:// URL"
    ),
    "le créateur d'une salle peut choisir la graine de sa grille (un club, un tournoi) ; "
    "chaque joueur en est averti. Sans cette option, une grille choisie vient seulement "
    "d'une salle qui l'a déjà jouée": (
        "a room's creator may choose its grid's seed (a club, a tournament); every player "
        "is told. Without it, a chosen grid only comes from a room that has played it"
    ),
    "adresse d'un proxy inverse devant le serveur, répétable : ses connexions sont "
    "celles de nombreux joueurs (pas de plafond par adresse) et ses en-têtes "
    "X-Forwarded-For sont crus. ": (
        "address of a reverse proxy in front of the server, repeatable: its connections "
        "are many players' (no cap per address) and its X-Forwarded-For headers are "
        "believed. "
    ),
    "adresse publique du site (https://jeu.exemple), répétable : les pages qui en "
    "viennent peuvent créer des salles et ouvrir des sockets, en plus de celles de "
    "l'hôte que la requête nomme (derrière un proxy qui ne transmet pas Host)": (
        "the site's public address (https://game.example), repeatable: pages from it may "
        "create rooms and open sockets, besides those of the host the request names "
        "(behind a proxy that does not pass Host on)"
    ),
    "connexions ouvertes à la fois depuis une même adresse, 0 pour aucun plafond. ": (
        "connections open at once from one address, 0 for no cap. "
    ),
    "sert /metrics (Prometheus) sur ce port plutôt que sur le port public": (
        "serve /metrics (Prometheus) on this port instead of the public one"
    ),
    "adresse d'écoute de --metrics-port (défaut : 127.0.0.1, cette machine seule)": (
        "address --metrics-port listens on (default: 127.0.0.1, this machine only)"
    ),
    "aucune mesure gardée ni servie (ni /metrics)": "no metrics kept or served (no /metrics)",
    "journal : json (un objet JSON par ligne), text (lisible), auto (text sur un "
    "terminal, json sinon ; défaut)": (
        "logs: json (one JSON object a line), text (for a person), auto (text on a "
        "terminal, json otherwise; the default)"
    ),
    "niveau du journal (défaut : info, une ligne par requête)": (
        "log level (default: info, one line per request)"
    ),
    "salles créées par heure depuis une adresse": "rooms created per hour from one address",
    "salles rejointes par minute depuis une adresse": "rooms joined per minute from one address",
    "parties ouvertes à la fois depuis une adresse": "games open at once from one address",
    ", 0 pour aucun. ": ", 0 for none. ",
    "sauvegarde cohérente du serveur (salles, joueurs, secret), même pendant qu'il tourne": (
        "a consistent backup of the server (rooms, players, secret), even while it runs"
    ),
    "le dossier de la sauvegarde (une précédente est remplacée)": (
        "the backup's folder (an earlier backup there is replaced)"
    ),
    "base du serveur : fichier SQLite ou URL postgresql:// (défaut : celle de motamot serve)": (
        "the server's store: a SQLite file or a postgresql:// URL (default: motamot serve's)"
    ),
    "le secret du serveur (défaut : celui de motamot serve, server.secret dans le "
    "dossier de données)": (
        "the server's secret (default: motamot serve's, server.secret in the data folder)"
    ),
    "remettre une sauvegarde en place : salles, joueurs et secret (serveur arrêté)": (
        "put a backup back: rooms, players and secret (server stopped)"
    ),
    "la sauvegarde faite par admin backup": "the backup admin backup made",
    "remplacer une base qui a déjà des salles, ou un autre secret": (
        "replace a store that already holds rooms, or another secret"
    ),
    "les salles finies sans activité depuis ce nombre de jours sont effacées, "
    "leurs parties gardées en texte (--keep-records) ; 0 pour tout garder. ": (
        "finished rooms without activity for this many days are removed, their games "
        "kept as text (--keep-records); 0 keeps everything. "
    ),
    "dossier des parties gardées en texte avant qu'une salle soit effacée "
    "(défaut : records dans le dossier de données)": (
        "folder of the games kept as text before a room is removed (default: records "
        "in the data folder)"
    ),
    "le secret d'où viennent la grille du jour et les manches de l'arène, le même "
    "pour chaque processus d'un serveur (créé s'il manque ; défaut : server.secret "
    "dans le dossier de données)": (
        "the secret the daily grid and the arena's rounds come from, the same for every "
        "process of one server (made when missing; default: server.secret in the data "
        "folder)"
    ),
    "serveur SMTP pour prévenir les joueurs par e-mail (leur tour, la fin d'une "
    "partie) : smtp://utilisateur:mot-de-passe@hôte:port, smtps://... pour TLS, "
    "?starttls=1 pour STARTTLS. Sans cette option, les pages ne le proposent pas": (
        "SMTP server to tell players by e-mail (their turn, a game's end): "
        "smtp://user:password@host:port, smtps://... for TLS, ?starttls=1 for STARTTLS. "
        "Without it the pages do not offer it"
    ),
    "expéditeur des e-mails (motamot@jeu.exemple)": ("the e-mails' sender (motamot@game.example)"),
    "adresse publique du site (https://jeu.exemple) où mènent les liens des "
    "e-mails ; défaut : le premier --origin": (
        "the site's public address (https://game.example) the e-mails' links lead to; "
        "default: the first --origin"
    ),
    "e-mails envoyés au plus par jour à une même adresse. ": (
        "e-mails sent to one address in a day at most. "
    ),
    "Défaut : ": "Default: ",
    # `boggle best` (cli/boggle_best.py, issue 41)
    "chercher la grille qui rapporte le plus de points": "search for the highest-scoring grid",
    "liste de mots (défaut : celle des dés du préréglage, fr ou en)": (
        "word list (default: the one of the preset's dice, fr or en)"
    ),
    "durée de la recherche (défaut 60 s)": "how long to search (default 60 s)",
    "nombre exact de grilles évaluées (refait une recherche à l'identique)": (
        "exact number of grids scored (replays a search exactly)"
    ),
    "grille de départ (défaut : un tirage)": "starting grid (default: a roll of the dice)",
}

#: What `motamot admin` says when it is done.
ADMIN: Catalog = {
    "backed_up": {
        "fr": "motamot : {rooms} salles ({events} événements), {accounts} comptes et le "
        "secret du serveur copiés dans {file}",
        "en": "motamot: {rooms} rooms ({events} events), {accounts} accounts and the server "
        "secret copied to {file}",
    },
    "restored": {
        "fr": "motamot : {rooms} salles ({events} événements) et {accounts} comptes remis en "
        "place dans {db}",
        "en": "motamot: {rooms} rooms ({events} events) and {accounts} accounts put back in {db}",
    },
    "rooms_only": {
        "fr": "motamot : cette sauvegarde d'un motamot plus ancien n'a que les salles : ni "
        "comptes ni secret (gardez le secret du serveur, server.secret)",
        "en": "motamot: this older motamot's backup holds the rooms only: no accounts, no "
        "secret (keep the server's secret, server.secret)",
    },
}
#: Why `motamot admin` could not make a copy or put one back.
ADMIN_ERRORS: Catalog = {
    "schema_differs": {
        "fr": "{path} est une copie du schéma {detail} : remettez-la avec ?schema={detail} "
        "dans l'URL de --db (une autre base que celle du serveur en service)",
        "en": "{path} is a copy of the schema {detail}: put it back with ?schema={detail} in "
        "--db's URL (another database than the live server's)",
    },
    "no_tool": {
        "fr": "{path} manque : installez les outils clients de PostgreSQL (postgresql-client)",
        "en": "{path} is missing: install PostgreSQL's client tools (postgresql-client)",
    },
    "not_a_backup": {
        "fr": "{path} : ce n'est pas une sauvegarde de motamot (choisissez un autre dossier)",
        "en": "{path}: not a motamot backup (choose another folder)",
    },
    "secret_differs": {
        "fr": "{path} est le secret d'un autre serveur : --force pour le remplacer par celui "
        "de la sauvegarde (les grilles à venir changeraient sinon)",
        "en": "{path} is another server's secret: --force replaces it by the backup's (the "
        "coming grids would differ otherwise)",
    },
    "missing": {"fr": "{path} : aucun fichier", "en": "{path}: no such file"},
    "not_a_store": {
        "fr": "{path} : ce n'est pas une base de motamot",
        "en": "{path}: not a motamot store",
    },
    "damaged": {
        "fr": "{path} : fichier abîmé ({detail})",
        "en": "{path}: damaged file ({detail})",
    },
    "too_new": {
        "fr": "{path} : écrit par un motamot plus récent (schéma {detail})",
        "en": "{path}: written by a newer motamot (schema {detail})",
    },
    "in_use": {
        "fr": "{path} est ouvert par un processus (un serveur ?) : arrêtez-le d'abord",
        "en": "{path} is open in a process (a server?): stop it first",
    },
    "exists": {
        "fr": "{path} a déjà des salles : --force pour la remplacer (sauvegardez-la avant)",
        "en": "{path} already holds rooms: --force replaces it (back it up first)",
    },
    "has_accounts": {
        "fr": "{path} a déjà des comptes (ou n'est pas un fichier de joueurs) : --force pour "
        "le remplacer (sauvegardez-le avant)",
        "en": "{path} already holds accounts (or is no players' file): --force replaces it "
        "(back it up first)",
    },
    "cannot_write": {
        "fr": "{path} : écriture impossible ({detail})",
        "en": "{path}: cannot be written ({detail})",
    },
}

#: Option values that argparse lets through but a command refuses.
#: A server secret file that cannot serve (`service.server_secret.SecretError` codes).
SECRET_ERRORS: Catalog = {
    "unreadable": {
        "fr": "{path} : impossible de lire le secret du serveur",
        "en": "{path}: cannot read the server secret",
    },
    "malformed": {
        "fr": "{path} ne contient pas un secret de serveur (64 chiffres hexadécimaux)",
        "en": "{path} does not hold a server secret (64 hexadecimal digits)",
    },
    "missing": {
        "fr": "{path} : pas de secret de serveur (lancez motamot serve une fois, ou donnez "
        "--secret-file)",
        "en": "{path}: no server secret (start motamot serve once, or give --secret-file)",
    },
    "unwritable": {
        "fr": "{path} : impossible d'écrire le secret du serveur",
        "en": "{path}: cannot write the server secret",
    },
}

OPTION_ERRORS: Catalog = {
    "bad_db": {
        "fr": "--db : un fichier SQLite (un chemin, ou sqlite:///chemin), memory, ou "
        "postgresql://utilisateur@hôte/base?schema=nom (un nom de minuscules, chiffres et _) : "
        "{value}",
        "en": "--db: a SQLite file (a path, or sqlite:///path), memory, or "
        "postgresql://user@host/db?schema=name (a name of lower-case letters, digits and _): "
        "{value}",
    },
    "part_away": {
        "fr": "La base (--db) ou Redis (--broker) ne répond pas : {reason}. Rien n'a été "
        "changé ; relancez quand ils répondent",
        "en": "The database (--db) or Redis (--broker) does not answer: {reason}. Nothing was "
        "changed; start again once they answer",
    },
    "prefix_taken": {
        "fr": "--broker : le préfixe Redis {prefix} sert les processus d'une autre base "
        "({holder}, celle-ci : {mine}). Une copie (une sauvegarde restaurée) prend son propre "
        "préfixe : redis://...?prefix=motamot-copie. Rien n'a été changé",
        "en": "--broker: the Redis prefix {prefix} serves another database's processes "
        "({holder}, this one: {mine}). A copy (a restored backup) takes a prefix of its own: "
        "redis://...?prefix=motamot-copy. Nothing was changed",
    },
    "port_taken": {
        "fr": "{host}:{port} : port déjà pris ({reason}) ; un autre serveur y tourne-t-il ? "
        "Rien n'a été changé dans les bases",
        "en": "{host}:{port}: port already taken ({reason}); is another server running there? "
        "Nothing was changed in the stores",
    },
    "schema_too_new": {
        "fr": "{store} : version {found} du schéma, écrite par un motamot plus récent (celui-ci "
        "connaît {known}) : lancez le plus récent, ou restaurez une sauvegarde d'avant lui",
        "en": "{store}: schema version {found}, written by a newer motamot (this one knows "
        "{known}): run the newer one, or restore a backup made before it",
    },
    "bad_seed": {
        "fr": "--seed : un nombre entier d'au plus {digits} chiffres",
        "en": "--seed: a whole number of at most {digits} digits",
    },
    "bad_origin": {
        "fr": "--origin : une adresse de site comme https://jeu.exemple (sans chemin) : {value}",
        "en": "--origin: a site's address such as https://game.example (no path): {value}",
    },
    "bad_public_url": {
        "fr": "--public-url : une adresse de site comme https://jeu.exemple (sans chemin) : "
        "{value}",
        "en": "--public-url: a site's address such as https://game.example (no path): {value}",
    },
    "bad_smtp_url": {
        "fr": "--smtp : smtp://utilisateur:mot-de-passe@hôte:port, smtps://... pour TLS, "
        "?starttls=1 pour STARTTLS ({why})",
        "en": "--smtp: smtp://user:password@host:port, smtps://... for TLS, ?starttls=1 for "
        "STARTTLS ({why})",
    },
    "bad_mail_from": {
        "fr": "--mail-from : une adresse e-mail comme motamot@jeu.exemple : {value}",
        "en": "--mail-from: an e-mail address such as motamot@game.example: {value}",
    },
    "mail_needs": {
        "fr": "--smtp demande aussi --mail-from (l'expéditeur) et --public-url (ou --origin) : "
        "les liens des e-mails mènent à cette adresse",
        "en": "--smtp also needs --mail-from (the sender) and --public-url (or --origin): the "
        "e-mails' links lead to that address",
    },
    "out_of_range": {
        "fr": "{option} : un nombre entier de {low} à {high}",
        "en": "{option}: a whole number from {low} to {high}",
    },
}
