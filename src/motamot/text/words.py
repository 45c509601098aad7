"""The words of this server's word lists' changes (W4, W5): « Contester » beside a refused
word, the public changelog, the operator's proposals, `motamot admin words`."""

from __future__ import annotations

from motamot.text.i18n import Catalog

#: Why a proposal was refused (codes of `server.contests`).
WORD_REFUSALS: Catalog = {
    "bad_contest_word": {
        "fr": "un mot de 2 à {limit} lettres, sans chiffre ni espace",
        "en": "a word of 2 to {limit} letters, without digits or blanks",
    },
    "not_seated": {
        "fr": "seuls les joueurs de la salle contestent ses verdicts",
        "en": "only the room's players contest its verdicts",
    },
    "no_words": {"fr": "ce jeu n'a pas de mots", "en": "this game has no words"},
    "already_valid": {
        "fr": "{word} est déjà accepté dans les nouvelles parties",
        "en": "{word} is already accepted in new games",
    },
    "not_in_list": {
        "fr": "{word} n'est pas dans la liste de ce serveur",
        "en": "{word} is not in this server's list",
    },
}

#: What pages say of them (also sent to the room's page: `words.` keys).
WORDS_PAGE: Catalog = {
    "words.contest": {"fr": "Contester", "en": "Contest"},
    "words.contest_label": {
        "fr": "Contester le refus de {word}",
        "en": "Contest the refusal of {word}",
    },
    "words.contest_remove": {"fr": "Contester", "en": "Contest"},
    "words.contest_remove_label": {
        "fr": "Demander le retrait de {word}",
        "en": "Ask for {word} to be removed",
    },
    "words.reason": {
        "fr": "Pourquoi ce mot devrait-il compter\u00a0? (facultatif)",
        "en": "Why should this word count? (optional)",
    },
    "words.reason_remove": {
        "fr": "Pourquoi ce mot ne devrait-il pas compter\u00a0? (facultatif)",
        "en": "Why should this word not count? (optional)",
    },
    "words.send": {"fr": "Envoyer", "en": "Send"},
    "words.cancel": {"fr": "Annuler", "en": "Cancel"},
    "words.follow": {"fr": "Suivre sa réponse", "en": "Follow its answer"},
    "words.sent": {
        "fr": "Merci\u00a0: l'exploitant du serveur lira votre demande.",
        "en": "Thank you: the server's operator will read your request.",
    },
    "words.sent_again": {
        "fr": "Vous l'avez déjà demandé\u00a0: l'exploitant lira votre demande.",
        "en": "You asked already: the operator will read your request.",
    },
    # the public changelog
    "words.changelog_title": {
        "fr": "Mots ajoutés et retirés sur ce serveur",
        "en": "Words added and removed on this server",
    },
    "words.changelog_intro": {
        "fr": "Chaque liste de mots de ce serveur est la liste livrée avec motamot et les"
        " changements ci-dessous. Une partie garde la liste de sa création\u00a0: un changement"
        " vaut pour les parties créées ensuite.",
        "en": "Each word list of this server is the list shipped with motamot plus the"
        " changes below. A game keeps the list it was created with: a change holds for the"
        " games created after it.",
    },
    "words.changelog_none": {
        "fr": "Aucun changement\u00a0: les listes sont celles livrées avec motamot.",
        "en": "No change: the lists are those shipped with motamot.",
    },
    "words.list": {"fr": "Liste {name}", "en": "List {name}"},
    "words.version": {"fr": "version {version}", "en": "version {version}"},
    "words.when": {"fr": "Date", "en": "Date"},
    "words.word": {"fr": "Mot", "en": "Word"},
    "words.change": {"fr": "Changement", "en": "Change"},
    "words.why": {"fr": "Raison", "en": "Reason"},
    "words.added": {"fr": "ajouté", "en": "added"},
    "words.removed": {"fr": "retiré", "en": "removed"},
    # the operator's proposals
    "words.proposals_title": {"fr": "Mots contestés", "en": "Contested words"},
    "words.proposals_none": {
        "fr": "Aucune demande en attente.",
        "en": "No request waiting.",
    },
    "words.asked": {
        "fr": "{count:demande|demandes}, {origins:adresse|adresses}",
        "en": "{count:request|requests}, {origins:address|addresses}",
    },
    "words.to_add": {"fr": "à ajouter", "en": "to add"},
    "words.to_remove": {"fr": "à retirer", "en": "to remove"},
    "words.accept": {"fr": "Accepter", "en": "Accept"},
    "words.refuse": {"fr": "Refuser", "en": "Refuse"},
    "words.answer": {
        "fr": "Raison (montrée aux demandeurs si refusé, au journal si accepté)",
        "en": "Reason (shown to those who asked if refused, in the changelog if accepted)",
    },
    "words.accepted": {
        "fr": "{word}\u00a0: {change} dans {name} (version {version})",
        "en": "{word}: {change} in {name} (version {version})",
    },
    "words.refused_count": {
        "fr": "{word}\u00a0: {count:demande refusée|demandes refusées}",
        "en": "{word}: {count:request|requests} refused",
    },
    "words.change_title": {"fr": "Ajouter ou retirer un mot", "en": "Add or remove a word"},
    "words.add": {"fr": "Ajouter", "en": "Add"},
    "words.remove": {"fr": "Retirer", "en": "Remove"},
    "words.done_change": {
        "fr": "C'est fait\u00a0: les nouvelles parties jouent avec {version}.",
        "en": "Done: new games play with {version}.",
    },
    "words.done_refused": {
        "fr": "{count:demande refusée|demandes refusées}.",
        "en": "{count:request|requests} refused.",
    },
    "words.declined.bad_word": {
        "fr": "Un mot de 2 à 30 lettres, sans chiffre ni espace.",
        "en": "A word of 2 to 30 letters, without digits or blanks.",
    },
    "words.declined.unknown_list": {
        "fr": "Ce serveur n'a pas cette liste.",
        "en": "This server has no such list.",
    },
    "words.declined.no_change": {
        "fr": "Rien ne change\u00a0: la liste est déjà ainsi.",
        "en": "Nothing changes: the list is so already.",
    },
    "words.declined.no_reason": {
        "fr": "Donnez une raison\u00a0: elle est publiée ou montrée aux demandeurs.",
        "en": "Give a reason: it is published or shown to those who asked.",
    },
    "words.declined.bad_action": {"fr": "Action inconnue.", "en": "Unknown action."},
    "mod.action.words.add": {"fr": "mot ajouté", "en": "word added"},
    "mod.action.words.remove": {"fr": "mot retiré", "en": "word removed"},
    "mod.action.words.refuse": {"fr": "contestation refusée", "en": "contest refused"},
    "words.my_answers": {"fr": "Vos contestations", "en": "Your contests"},
    "words.answer_waiting": {"fr": "en attente", "en": "waiting"},
    "words.answer_accepted": {"fr": "accepté", "en": "accepted"},
    "words.answer_refused": {"fr": "refusé\u00a0: {reason}", "en": "refused: {reason}"},
}

#: What `motamot admin words` says.
WORDS_CLI: Catalog = {
    "group": {
        "fr": "{word} ({list}, {way})\u00a0: {asked}\u00a0; depuis {first}",
        "en": "{word} ({list}, {way}): {asked}; since {first}",
    },
    "group_reason": {"fr": "  «\u00a0{reason}\u00a0»", "en": '  "{reason}"'},
    "no_proposals": {"fr": "Aucune demande en attente.", "en": "No request waiting."},
    "change": {
        "fr": "{list} n° {number} ({at})\u00a0: {word} {way} — {reason}",
        "en": "{list} #{number} ({at}): {word} {way} — {reason}",
    },
    "no_changes": {
        "fr": "Aucun changement\u00a0: les listes sont celles livrées avec motamot.",
        "en": "No change: the lists are those shipped with motamot.",
    },
    "changed.added": {
        "fr": "{word} ajouté à {list}\u00a0: les nouvelles parties jouent avec {version}",
        "en": "{word} added to {list}: new games play with {version}",
    },
    "changed.removed": {
        "fr": "{word} retiré de {list}\u00a0: les nouvelles parties jouent avec {version}",
        "en": "{word} removed from {list}: new games play with {version}",
    },
    "refused": {
        "fr": "{word}\u00a0: {count:demande refusée|demandes refusées}",
        "en": "{word}: {count:request|requests} refused",
    },
    "declined.bad_word": {
        "fr": "{word!r} n'est pas un mot de 2 à 30 lettres",
        "en": "{word!r} is not a word of 2 to 30 letters",
    },
    "declined.unknown_list": {
        "fr": "aucune liste {list!r} sur ce serveur (connues\u00a0: {known})",
        "en": "no list {list!r} on this server (known: {known})",
    },
    "declined.no_change": {
        "fr": "{word}\u00a0: rien ne change, la liste {list} {state} déjà",
        "en": "{word}: nothing changes, list {list} {state} it already",
    },
    "declined.no_reason": {
        "fr": "donnez une raison (--reason)\u00a0: elle est publiée avec le changement",
        "en": "give a reason (--reason): it is published with the change",
    },
    "state.has": {"fr": "le contient", "en": "has"},
    "state.lacks": {"fr": "l'ignore", "en": "lacks"},
}
