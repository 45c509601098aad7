"""What the mails say (`service.mail`): a turn, a game's end, an address to confirm.

Every mail ends with why it was sent and a link that stops them. Names come from the
rooms' seats; the mail's composer keeps them out of headers' line breaks.
"""

from __future__ import annotations

from collections.abc import Sequence

from motamot.text.i18n import Catalog, Language, translate
from motamot.text.kinds import PAGE as KIND_PAGE
from motamot.text.ordinals import ordinal

MAIL: Catalog = {
    "hello": {"fr": "Bonjour {name},", "en": "Hello {name},"},
    "hello_nobody": {"fr": "Bonjour,", "en": "Hello,"},
    # your turn
    "turn.subject": {
        "fr": "À vous de jouer : {game} avec {others}",
        "en": "Your turn: {game} with {others}",
    },
    "turn.body": {
        "fr": "C'est à vous de jouer dans votre partie de {game} avec {others}.",
        "en": "It is your turn in your game of {game} with {others}.",
    },
    "turn.link": {"fr": "Jouer votre coup : {link}", "en": "Play your move: {link}"},
    "turn.why": {
        "fr": "Vous recevez ce message parce que vous avez demandé sur {site} à être "
        "prévenu quand c'est votre tour (un message par tour au plus, seulement quand la "
        "partie n'est pas ouverte chez vous).",
        "en": "You receive this because you asked {site} to tell you when it is your turn "
        "(one message per turn at most, only when the game is not open on your screen).",
    },
    # a game's end
    "ended.subject.won": {
        "fr": "Partie gagnée : {game} avec {others}",
        "en": "Game won: {game} with {others}",
    },
    "ended.subject.tied": {
        "fr": "Partie terminée à égalité : {game} avec {others}",
        "en": "Game tied: {game} with {others}",
    },
    "ended.subject": {
        "fr": "Partie terminée : {game} avec {others}",
        "en": "Game over: {game} with {others}",
    },
    "ended.body": {
        "fr": "Votre partie de {game} avec {others} est terminée.",
        "en": "Your game of {game} with {others} is over.",
    },
    "ended.result": {
        "fr": "Votre résultat : {place} sur {count}, {score:point|points}.",
        "en": "Your result: {place} of {count}, {score:point|points}.",
    },
    "ended.line": {
        "fr": "{place}. {name} : {score:point|points}",
        "en": "{place}. {name}: {score:point|points}",
    },
    "ended.link": {"fr": "Revoir la partie : {link}", "en": "See the game: {link}"},
    "ended.why": {
        "fr": "Vous recevez ce message parce que vous avez demandé sur {site} à être "
        "prévenu de la fin de vos parties.",
        "en": "You receive this because you asked {site} to tell you when your games end.",
    },
    # a tournament's round paired (K10)
    "paired.subject": {
        "fr": "Ronde {round} : votre partie commence ({tournament})",
        "en": "Round {round}: your game starts ({tournament})",
    },
    "paired.body": {
        "fr": "La ronde {round} du tournoi « {tournament} » est appariée : votre table est "
        "ouverte.",
        "en": "Round {round} of the tournament “{tournament}” is paired: your table is open.",
    },
    "paired.table": {"fr": "Votre table : {link}", "en": "Your table: {link}"},
    "paired.link": {
        "fr": "La page du tournoi (elle vous assoit à votre table) : {link}",
        "en": "The tournament's page (it seats you at your table): {link}",
    },
    "paired.why": {
        "fr": "Vous recevez ce message parce que vous êtes inscrit à ce tournoi sur {site} "
        "et que sa page n'était pas ouverte chez vous.",
        "en": "You receive this because you registered for this tournament on {site} and "
        "its page was not open on your screen.",
    },
    # the day's digest of correspondence games
    "digest.subject": {
        "fr": "{count:partie attend|parties attendent} votre coup",
        "en": "{count:game is|games are} waiting for your move",
    },
    "digest.body": {
        "fr": "Votre coup est attendu dans {count:partie par correspondance|parties par "
        "correspondance} :",
        "en": "Your move is awaited in {count:correspondence game|correspondence games}:",
    },
    "digest.line": {
        "fr": "- {game} avec {others} : {link}",
        "en": "- {game} with {others}: {link}",
    },
    "digest.why": {
        "fr": "Vous recevez ce message parce que vous avez demandé sur {site} à être "
        "prévenu de vos tours : pour les parties de plusieurs jours par coup, un seul "
        "message par jour les rassemble.",
        "en": "You receive this because you asked {site} to tell you of your turns: for "
        "games of days a move, one message a day holds them all.",
    },
    # an address to confirm
    "confirm.subject": {
        "fr": "Confirmez votre adresse pour motamot",
        "en": "Confirm your address for motamot",
    },
    "confirm.body": {
        "fr": "Quelqu'un, sans doute vous, a demandé sur {site} à être prévenu à cette "
        "adresse quand c'est son tour de jouer et quand une partie se termine.",
        "en": "Someone, most likely you, asked {site} to send a message to this address "
        "when it is their turn to play and when a game ends.",
    },
    "confirm.link": {
        "fr": "Pour confirmer, ouvrez ce lien (valable {hours:heure|heures}) :\n{link}",
        "en": "To confirm, open this link (good for {hours:hour|hours}):\n{link}",
    },
    "confirm.why": {
        "fr": "Si ce n'est pas vous, ne faites rien : sans confirmation, vous ne recevrez "
        "rien d'autre.",
        "en": "If it was not you, do nothing: without a confirmation you will receive "
        "nothing else.",
    },
    "unsubscribe": {
        "fr": "Ne plus recevoir de messages de motamot : {link}",
        "en": "Stop these messages from motamot: {link}",
    },
    "and": {"fr": "et", "en": "and"},
    "tied": {"fr": "{place} ex aequo", "en": "tied {place}"},
    "place": {"fr": "{ordinal} place", "en": "{ordinal}"},
}


def mail_text(key: str, lang: Language, /, **fields: object) -> str:
    return translate(MAIL, key, lang, **fields)


def game_name(kind: str, lang: Language) -> str:
    """A kind's name as a player reads it: the one it registered (`kind.<name>`,
    `text.kinds`), else its own name."""
    key = f"kind.{kind}"
    return translate(KIND_PAGE, key, lang) if key in KIND_PAGE else kind.capitalize()


def names_text(names: Sequence[str], lang: Language) -> str:
    """`Ana`, `Ana et Bob`, `Ana, Bob et Chloé` (English: and)."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {mail_text('and', lang)} {names[-1]}"


def place_text(rank: int, lang: Language, tied: bool = False) -> str:
    """A rank as a place: « 1re place », « 2e place » (French, agreeing with « place »:
    nobody is told « 1er »), 1st, 2nd, 3rd, 11th (English); tied ones said so."""
    place = mail_text("place", lang, ordinal=ordinal(rank, lang))
    return mail_text("tied", lang, place=place) if tied else place


#: The account page's part about mail, and the pages its links open (FR/EN).
MAIL_PAGE: Catalog = {
    "mail_title": {"fr": "Me prévenir par e-mail", "en": "Tell me by e-mail"},
    "mail_intro": {
        "fr": "Un e-mail quand c'est à vous de jouer dans une partie à tour de rôle que vous "
        "n'avez pas ouverte, et quand une partie se termine. Un e-mail par tour au plus ; "
        "pour les parties de plusieurs jours par coup, un seul par jour les rassemble. "
        "Chacun a un lien pour arrêter.",
        "en": "An e-mail when it is your turn in a turn-based game you do not have open, and "
        "when a game ends. One e-mail per turn at most; for games of days a move, one a "
        "day holds them all. Each one has a link to stop them.",
    },
    "mail_address": {"fr": "Adresse e-mail", "en": "E-mail address"},
    "mail_send": {"fr": "Envoyer le lien de confirmation", "en": "Send the confirmation link"},
    "mail_change": {"fr": "Changer d'adresse", "en": "Change the address"},
    "mail_remove": {"fr": "Ne plus me prévenir", "en": "Stop telling me"},
    "mail_pending": {
        "fr": "En attente : ouvrez le lien envoyé à {address} pour commencer.",
        "en": "Waiting: open the link sent to {address} to start.",
    },
    "mail_confirmed": {"fr": "Les e-mails vont à {address}.", "en": "E-mails go to {address}."},
    "done.mail_sent": {
        "fr": "Lien de confirmation envoyé : ouvrez l'e-mail pour confirmer l'adresse.",
        "en": "Confirmation link sent: open the e-mail to confirm the address.",
    },
    "done.mail_kept": {
        "fr": "Adresse enregistrée : les e-mails y vont déjà.",
        "en": "Address saved: the e-mails go there already.",
    },
    "done.mail_removed": {
        "fr": "Adresse retirée : vous ne recevrez plus d'e-mails.",
        "en": "Address removed: you will receive no more e-mails.",
    },
    "visitor_intro": {
        "fr": "Vous jouez sans compte : ce navigateur vous reconnaît.",
        "en": "You play without an account: this browser knows you.",
    },
    "mail_confirmed_title": {"fr": "Adresse confirmée", "en": "Address confirmed"},
    "mail_confirmed_text": {
        "fr": "C'est fait : vous serez prévenu par e-mail quand c'est à vous de jouer et "
        "quand une partie se termine.",
        "en": "Done: you will be told by e-mail when it is your turn and when a game ends.",
    },
    "mail_bad_link_title": {"fr": "Lien sans effet", "en": "Link without effect"},
    "mail_bad_link_text": {
        "fr": "Ce lien ne confirme rien : il a expiré, il est incomplet, ou l'adresse a "
        "changé depuis. Demandez un nouveau lien depuis votre compte.",
        "en": "This link confirms nothing: it expired, it is incomplete, or the address has "
        "changed since. Ask for a new link from your account.",
    },
    "mail_unsubscribe_title": {"fr": "Ne plus recevoir d'e-mails", "en": "Stop the e-mails"},
    "mail_unsubscribe_ask": {
        "fr": "Ne plus rien envoyer à {address} ?",
        "en": "Send nothing more to {address}?",
    },
    "mail_unsubscribe_button": {
        "fr": "Ne plus recevoir d'e-mails",
        "en": "Stop the e-mails",
    },
    "mail_unsubscribed_title": {"fr": "Plus d'e-mails", "en": "No more e-mails"},
    "mail_unsubscribed_text": {
        "fr": "Cette adresse ne recevra plus d'e-mails de motamot.",
        "en": "This address will receive no more e-mails from motamot.",
    },
    "mail_bad_unsubscribe_text": {
        "fr": "Ce lien est incomplet ou n'est pas un lien de motamot : rien n'a changé. Vous "
        "pouvez aussi retirer l'adresse depuis votre compte.",
        "en": "This link is incomplete or not one of motamot's: nothing changed. You can also "
        "remove the address from your account.",
    },
    "mail_to_account": {"fr": "Mon compte", "en": "My account"},
    "mail_error.empty": {"fr": "l'adresse est vide", "en": "the address is empty"},
    "mail_error.too_long": {
        "fr": "une adresse a au plus {limit} caractères",
        "en": "an address has at most {limit} characters",
    },
    "mail_error.bad_address": {
        "fr": "ce n'est pas une adresse e-mail de la forme nom@exemple.fr",
        "en": "not an e-mail address of the form name@example.org",
    },
    "mail_error.too_many_mails": {
        "fr": "trop de liens demandés : attendez une heure",
        "en": "too many links asked for: wait an hour",
    },
    "mail_error.mailbox_asked": {
        "fr": "cette boîte a déjà reçu plusieurs liens de confirmation cette heure-ci : "
        "attendez une heure",
        "en": "this mailbox has had several confirmation links this hour: wait an hour",
    },
    "mail_error.origin_asked": {
        "fr": "trop de liens demandés depuis votre réseau : attendez une heure",
        "en": "too many links asked for from your network: wait an hour",
    },
    "mail_error.server_asked": {
        "fr": "le serveur a envoyé beaucoup de liens cette heure-ci : réessayez plus tard",
        "en": "the server has sent many links this hour: try again later",
    },
}
