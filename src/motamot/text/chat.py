"""What a room's chat panel says (FR/EN), and each set phrase's words: a phrase travels
by its id (`service.rooms.chat.PHRASES`) and every reader reads it in their own language
(docs/rules.md, C3)."""

from __future__ import annotations

from motamot.text.i18n import Catalog

#: Each set phrase by id (a non-breaking space before French « ! » and « ? »).
PHRASES: Catalog = {
    "hello": {"fr": "Bonjour\u00a0!", "en": "Hello!"},
    "good_luck": {"fr": "Bonne chance\u00a0!", "en": "Good luck!"},
    "good_game": {"fr": "Bonne partie\u00a0!", "en": "Have a good game!"},
    "well_played": {"fr": "Bien joué\u00a0!", "en": "Well played!"},
    "bravo": {"fr": "Bravo\u00a0!", "en": "Congratulations!"},
    "thanks": {"fr": "Merci\u00a0!", "en": "Thanks!"},
    "oops": {"fr": "Oups\u00a0!", "en": "Oops!"},
    "wait": {"fr": "Une minute…", "en": "Just a minute…"},
    "again": {"fr": "On en refait une\u00a0?", "en": "Another one?"},
    "bye": {"fr": "Au revoir\u00a0!", "en": "Goodbye!"},
}

CHAT_PAGE: Catalog = {
    "chat_title": {"fr": "Discussion", "en": "Chat"},
    "chat_unread": {"fr": "{count:nouveau|nouveaux}", "en": "{count:new|new}"},
    "chat_log": {"fr": "Messages de la salle", "en": "The room's messages"},
    "chat_nothing": {"fr": "Personne n'a encore rien dit.", "en": "Nobody has said anything yet."},
    "chat_message": {"fr": "Message", "en": "Message"},
    "chat_send": {"fr": "Envoyer", "en": "Send"},
    "chat_phrases": {"fr": "Phrases toutes faites", "en": "Quick phrases"},
    # the host's switch (a toggle button: pressed, the chat is on)
    "chat_on": {"fr": "Discussion : ouverte", "en": "Chat: on"},
    "chat_off": {"fr": "Discussion : coupée", "en": "Chat: off"},
    "chat_is_off": {
        "fr": "La discussion est coupée par l'hôte.",
        "en": "The host has turned the chat off.",
    },
    "chat_turned_off": {"fr": "{name} a coupé la discussion", "en": "{name} turned the chat off"},
    "chat_turned_on": {"fr": "{name} a rouvert la discussion", "en": "{name} turned the chat on"},
    "chat_public": {
        "fr": "Salle publique : seulement des phrases toutes faites.",
        "en": "Public room: quick phrases only.",
    },
    "chat_in_round": {
        "fr": "Pendant la manche, seulement des phrases toutes faites : pas de mots soufflés.",
        "en": "During the round, quick phrases only: no words given away.",
    },
    "chat_in_turn": {
        "fr": "Pendant le coup, seulement des phrases toutes faites : pas de coup soufflé.",
        "en": "During the turn, quick phrases only: no move given away.",
    },
    "chat_reader": {
        "fr": "Vous lisez la discussion ; seuls les joueurs assis y écrivent.",
        "en": "You are reading the chat; only seated players write in it.",
    },
    "chat_said": {"fr": "{name} : {text}", "en": "{name}: {text}"},
    "chat_removed": {
        "fr": "message retiré par la modération",
        "en": "message removed by the moderators",
    },
    **{f"phrase.{key}": words for key, words in PHRASES.items()},
}
