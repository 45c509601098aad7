"""What a page says of what its player did and the server has not answered yet (issue
34): a word, a move, a submission « en attente », and why (FR/EN)."""

from __future__ import annotations

from motamot.text.i18n import Catalog

OUTAGE_PAGE: Catalog = {
    # sent, its answer not in yet (the connection is up)
    "pending_word": {"fr": "{word} : en attente", "en": "{word}: waiting"},
    "pending_move": {"fr": "Coup en attente : {move}", "en": "Move waiting: {move}"},
    "pending_pass": {"fr": "Passe en attente", "en": "Pass waiting"},
    "pending_exchange": {"fr": "Échange en attente : {tile}", "en": "Exchange waiting: {tile}"},
    "pending_resign": {"fr": "Abandon en attente", "en": "Resignation waiting"},
    # refused (nothing happened), and why: the draft stays to be changed
    "refused_move": {"fr": "Coup {move} refusé : {why}", "en": "Move {move} refused: {why}"},
    # a request the server could not serve because a part of it is away (503)
    "unavailable_store": {
        "fr": "Le serveur n'arrive pas à enregistrer pour l'instant (son stockage est plein ou"
        " ne répond pas). Réessayez dans un moment : rien n'a été fait.",
        "en": "The server cannot save just now (its storage is full or does not answer)."
        " Try again in a moment: nothing was done.",
    },
    "unavailable_broker": {
        "fr": "Le serveur ne joint pas ses autres serveurs pour l'instant. Réessayez dans un"
        " moment : rien n'a été fait.",
        "en": "The server cannot reach its other servers just now. Try again in a moment:"
        " nothing was done.",
    },
    # the server could not store it now (a retryable refusal, or its `status` frame)
    "store_down": {
        "fr": "Le serveur n'arrive pas à enregistrer pour l'instant : ce que vous jouez est"
        " gardé et partira dès son retour.",
        "en": "The server cannot save just now: what you play is kept and goes as soon as"
        " it is back.",
    },
}
