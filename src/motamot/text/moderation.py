"""What a room's page says about another person: the host's « Retirer » (docs/rules.md,
P1) and everybody's « Signaler » (a reason from `players.moderation.REASONS`)."""

from __future__ import annotations

from motamot.text.i18n import Catalog

MODERATION_PAGE: Catalog = {
    "remove_player": {"fr": "Retirer", "en": "Remove"},
    "remove_player_label": {
        "fr": "Retirer {name} de la salle",
        "en": "Remove {name} from the room",
    },
    "remove_player_confirm": {
        "fr": "Retirer {name} de la salle ? {name} ne pourra plus y revenir.",
        "en": "Remove {name} from the room? {name} will not be able to come back.",
    },
    "remove_player_yes": {"fr": "Oui, retirer", "en": "Yes, remove"},
    "remove_player_no": {"fr": "Non", "en": "No"},
    "report_player": {"fr": "Signaler", "en": "Report"},
    "report_player_label": {"fr": "Signaler le nom {name}", "en": "Report the name {name}"},
    "report_reason": {"fr": "Motif", "en": "Reason"},
    "report_reason.offensive_name": {
        "fr": "Nom injurieux ou choquant",
        "en": "Offensive or shocking name",
    },
    "report_reason.impersonation": {
        "fr": "Se fait passer pour quelqu'un d'autre",
        "en": "Passes for somebody else",
    },
    "report_reason.cheating": {"fr": "Triche", "en": "Cheating"},
    "report_reason.behaviour": {"fr": "Autre comportement déplacé", "en": "Other bad behaviour"},
    "report_send": {"fr": "Envoyer le signalement", "en": "Send the report"},
    "report_cancel": {"fr": "Annuler", "en": "Cancel"},
    "report_sent": {
        "fr": "{name} signalé : merci, l'exploitant du serveur le verra.",
        "en": "{name} reported: thank you, the server's operator will see it.",
    },
}

#: What `motamot admin reports|ban|unban|bans` prints.
MODERATION_CLI: Catalog = {
    "no_reports": {"fr": "motamot : aucun nom signalé", "en": "motamot: no name reported"},
    "who.player": {"fr": "(joueur {player})", "en": "(player {player})"},
    "who.none": {"fr": "(sans joueur durable)", "en": "(no lasting player)"},
    "who.account": {"fr": " compte {account}", "en": " account {account}"},
    "who.banned": {"fr": " — exclu", "en": " — banned"},
    "counted": {
        "fr": "{count:signalement|signalements} par {reporters:personne|personnes}",
        "en": "{count:report|reports} by {reporters:person|people}",
    },
    "reasons": {"fr": "motifs : {reasons}", "en": "reasons: {reasons}"},
    "rooms": {"fr": "salles : {rooms}", "en": "rooms: {rooms}"},
    "names": {"fr": "noms : {names}", "en": "names: {names}"},
    "nobody": {
        "fr": "personne n'est connu sous {target!r} : ni compte, ni nom signalé, ni joueur",
        "en": "nobody is known as {target!r}: no account, reported name or player",
    },
    "banned": {
        "fr": "motamot : {label} (joueur {player}) exclu",
        "en": "motamot: {label} (player {player}) banned",
    },
    "name_banned": {
        "fr": "motamot : le nom {name} ne peut plus être pris par un nouveau compte",
        "en": "motamot: the name {name} may not be taken by a new account",
    },
    "taken_now": {
        "fr": "motamot : les serveurs ferment ses connexions tout de suite",
        "en": "motamot: the servers close their sockets at once",
    },
    "taken_soon": {
        "fr": "motamot : les serveurs ferment ses connexions dans les secondes qui viennent"
        " (tout de suite avec --broker)",
        "en": "motamot: the servers close their sockets within seconds (at once with --broker)",
    },
    "broker_down": {
        "fr": "motamot : Redis ne répond pas ({detail}) : les serveurs le liront d'eux-mêmes"
        " dans les secondes qui viennent",
        "en": "motamot: Redis does not answer ({detail}): the servers read it by themselves"
        " within seconds",
    },
    "not_banned": {
        "fr": "aucune exclusion ne concerne {target!r}",
        "en": "no ban concerns {target!r}",
    },
    "unbanned": {
        "fr": "motamot : exclusion levée : {label} ({value})",
        "en": "motamot: ban lifted: {label} ({value})",
    },
    "no_bans": {"fr": "motamot : aucune exclusion", "en": "motamot: no bans"},
    "ban.player": {
        "fr": "{at}  joueur {value}  {label}",
        "en": "{at}  player {value}  {label}",
    },
    "ban.name": {
        "fr": "{at}  nom de compte {label}",
        "en": "{at}  account name {label}",
    },
}
