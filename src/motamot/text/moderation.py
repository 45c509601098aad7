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
    "by": {
        "fr": "par {by} (salle {room}) : {reasons}",
        "en": "by {by} (room {room}): {reasons}",
    },
    "nobody": {
        "fr": "personne n'est connu sous {target!r} : ni compte, ni nom signalé, ni joueur",
        "en": "nobody is known as {target!r}: no account, reported name or player",
    },
    "banned": {
        "fr": "motamot : {label} (joueur {player}) exclu",
        "en": "motamot: {label} (player {player}) banned",
    },
    "name_banned": {
        "fr": "motamot : le nom {name} ne peut plus être pris par un nouveau compte, ni à une"
        " table (ni un nom qui lui ressemble)",
        "en": "motamot: the name {name} may not be taken by a new account, nor at a table"
        " (nor a name that looks like it)",
    },
    "address_banned": {
        "fr": "motamot : l'adresse {address} exclue (tout ce qui en vient est refusé)",
        "en": "motamot: the address {address} banned (whatever comes from it is refused)",
    },
    "taken_now": {
        "fr": "motamot : les serveurs ferment ses connexions tout de suite",
        "en": "motamot: the servers close their sockets at once",
    },
    "taken_soon": {
        "fr": "motamot : les serveurs ferment ses connexions en moins de 2 s"
        " (tout de suite avec --broker)",
        "en": "motamot: the servers close their sockets within 2 s (at once with --broker)",
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
    "no_account": {
        "fr": "aucun compte ne s'appelle {name!r} (un opérateur est un compte)",
        "en": "no account is called {name!r} (an operator is an account)",
    },
    "operator_added": {
        "fr": "motamot : {name} est opérateur : la page /moderation lui est ouverte une fois"
        " connecté",
        "en": "motamot: {name} is an operator: the /moderation page is open to them once signed in",
    },
    "operator_already": {
        "fr": "motamot : {name} était déjà opérateur",
        "en": "motamot: {name} was an operator already",
    },
    "not_operator": {
        "fr": "{name!r} n'est pas opérateur",
        "en": "{name!r} is not an operator",
    },
    "operator_removed": {
        "fr": "motamot : {name} n'est plus opérateur",
        "en": "motamot: {name} is no longer an operator",
    },
    "no_operators": {"fr": "motamot : aucun opérateur", "en": "motamot: no operators"},
    "bad_room": {
        "fr": "{room!r} n'est ni l'identifiant ni le lien d'une salle",
        "en": "{room!r} is neither a room's id nor its link",
    },
    "bad_number": {
        "fr": "{said} n'est pas un numéro de message",
        "en": "{said} is not a message's number",
    },
    "bad_seat": {"fr": "{seat!r} n'est pas une place", "en": "{seat!r} is not a seat"},
    "queued": {
        "fr": "motamot : demandé ; aucun serveur ne l'a encore fait : le premier qui tourne"
        " sur cette base le fera (salle {room})",
        "en": "motamot: asked; no server did it yet: the first running on this database"
        " will (room {room})",
    },
    "done.chat.remove": {
        "fr": "motamot : message retiré (salle {room})",
        "en": "motamot: message removed (room {room})",
    },
    "done.player.remove": {
        "fr": "motamot : retiré de la salle {room}",
        "en": "motamot: removed from room {room}",
    },
    "done.room.close": {
        "fr": "motamot : salle {room} fermée",
        "en": "motamot: room {room} closed",
    },
    "room_refused": {"fr": "refusé : {why}", "en": "refused: {why}"},
    "no_servers": {
        "fr": "motamot : aucun serveur n'a dit ce qu'il tient depuis 30 s (aucun ne tourne ?)",
        "en": "motamot: no server said what it holds in the last 30 s (none running?)",
    },
    "no_rooms": {"fr": "motamot : aucune salle en cours", "en": "motamot: no live room"},
    "room": {"fr": "{room}  {kind}  {people}", "en": "{room}  {kind}  {people}"},
    "no_open_reports": {
        "fr": "aucun signalement ouvert ne concerne {target!r}",
        "en": "no open report concerns {target!r}",
    },
    "reports_closed": {
        "fr": "motamot : {count:signalement clos|signalements clos} ({target})",
        "en": "motamot: {count:report|reports} closed ({target})",
    },
    "operator": {
        "fr": "{at}  {name}  (joueur {player})",
        "en": "{at}  {name}  (player {player})",
    },
    "ban.player": {
        "fr": "{at}  joueur {value}  {label}",
        "en": "{at}  player {value}  {label}",
    },
    "ban.name": {
        "fr": "{at}  nom de compte {label}",
        "en": "{at}  account name {label}",
    },
}

#: The operators' page (`/moderation`): what it says, its buttons, what was done.
OPERATOR_PAGE: Catalog = {
    "mod.title": {"fr": "Modération", "en": "Moderation"},
    "mod.forbidden": {
        "fr": "Cette page est réservée aux opérateurs du serveur, connectés à leur compte.",
        "en": "This page is for the server's operators, signed in to their account.",
    },
    "mod.signed_as": {"fr": "Opérateur : {name}", "en": "Operator: {name}"},
    "mod.refresh": {"fr": "Actualiser", "en": "Refresh"},
    "mod.reports": {"fr": "Signalements ouverts", "en": "Open reports"},
    "mod.no_reports": {"fr": "Aucun signalement ouvert.", "en": "No open report."},
    "mod.counted": {
        "fr": "{count:signalement|signalements} par {reporters:personne|personnes}",
        "en": "{count:report|reports} by {reporters:person|people}",
    },
    "mod.account": {"fr": "compte {name}", "en": "account {name}"},
    "mod.identity": {"fr": "joueur {player}", "en": "player {player}"},
    "mod.no_player": {"fr": "sans joueur durable", "en": "no lasting player"},
    "mod.banned": {"fr": "exclu", "en": "banned"},
    "mod.spectator": {"fr": "un spectateur", "en": "a spectator"},
    "mod.said": {"fr": "Ce qui a été dit", "en": "What was said"},
    "mod.nothing_said": {
        "fr": "Rien de dit par cette personne dans la discussion.",
        "en": "Nothing said by this person in the chat.",
    },
    "mod.removed_line": {
        "fr": "message retiré par la modération",
        "en": "message removed by the moderators",
    },
    "mod.remove_message": {"fr": "Retirer", "en": "Remove"},
    "mod.remove_message_label": {
        "fr": "Retirer le message de {name} : {text}",
        "en": "Remove {name}'s message: {text}",
    },
    "mod.close_reports": {"fr": "Clore les signalements", "en": "Close the reports"},
    "mod.ban_player": {"fr": "Exclure {name}", "en": "Ban {name}"},
    "mod.rooms": {"fr": "Salles en cours", "en": "Live rooms"},
    "mod.rooms_here": {
        "fr": "Les salles que tient ce processus ({count}), les plus peuplées d'abord.",
        "en": "The rooms this process holds ({count}), the fullest first.",
    },
    "mod.no_rooms": {"fr": "Aucune salle en cours.", "en": "No live room."},
    "mod.room_title": {"fr": "{kind} · salle {room}", "en": "{kind} · room {room}"},
    "mod.watch": {"fr": "Regarder", "en": "Watch"},
    "mod.close_room": {"fr": "Fermer la salle", "en": "Close the room"},
    "mod.close_room_label": {"fr": "Fermer la salle {room}", "en": "Close room {room}"},
    "mod.chat_off": {"fr": "discussion coupée", "en": "chat off"},
    "mod.connected": {"fr": "connecté", "en": "connected"},
    "mod.away": {"fr": "absent", "en": "away"},
    "mod.bot": {"fr": "ordinateur", "en": "computer"},
    "mod.address": {"fr": "adresse {address}", "en": "address {address}"},
    "mod.shared": {
        "fr": "(partagée par {count} personnes : l'exclure les exclut toutes)",
        "en": "(shared by {count} people: banning it bans them all)",
    },
    "mod.remove_player": {"fr": "Retirer", "en": "Remove"},
    "mod.remove_player_label": {
        "fr": "Retirer {name} de la salle {room}",
        "en": "Remove {name} from room {room}",
    },
    "mod.ban_label": {"fr": "Exclure {name} du serveur", "en": "Ban {name} from the server"},
    "mod.ban_address": {"fr": "Exclure l'adresse", "en": "Ban the address"},
    "mod.ban_address_label": {"fr": "Exclure l'adresse {address}", "en": "Ban address {address}"},
    "mod.more_seats": {"fr": "… et {count} de plus", "en": "… and {count} more"},
    "mod.bans": {"fr": "Exclusions en cours", "en": "Bans in force"},
    "mod.no_bans": {"fr": "Aucune exclusion.", "en": "No ban."},
    "mod.ban.player": {"fr": "joueur", "en": "player"},
    "mod.ban.name": {"fr": "nom de compte", "en": "account name"},
    "mod.ban.address": {"fr": "adresse", "en": "address"},
    "mod.unban": {"fr": "Lever", "en": "Lift"},
    "mod.unban_label": {"fr": "Lever l'exclusion de {label}", "en": "Lift the ban of {label}"},
    "mod.ban_form": {
        "fr": "Exclure un compte, un joueur ou une adresse",
        "en": "Ban an account, a player or an address",
    },
    "mod.ban_target": {
        "fr": "Nom de compte, identifiant de joueur ou adresse IP",
        "en": "Account name, player id or IP address",
    },
    "mod.ban_send": {"fr": "Exclure", "en": "Ban"},
    "mod.log": {"fr": "Dernières actions", "en": "Latest actions"},
    "mod.no_log": {"fr": "Aucune action.", "en": "No action yet."},
    "mod.log_line": {
        "fr": "{at} · {operator} · {action} : {target}",
        "en": "{at} · {operator} · {action}: {target}",
    },
    "mod.action.ban": {"fr": "exclusion", "en": "ban"},
    "mod.action.unban": {"fr": "exclusion levée", "en": "ban lifted"},
    "mod.action.chat.remove": {"fr": "message retiré", "en": "message removed"},
    "mod.action.player.remove": {"fr": "joueur retiré", "en": "player removed"},
    "mod.action.room.close": {"fr": "salle fermée", "en": "room closed"},
    "mod.action.reports.close": {"fr": "signalements clos", "en": "reports closed"},
    "mod.action.operator.add": {"fr": "opérateur nommé", "en": "operator named"},
    "mod.action.operator.remove": {"fr": "opérateur retiré", "en": "operator removed"},
    "mod.done.ban": {
        "fr": "Exclu : ses connexions sont fermées.",
        "en": "Banned: their sockets are closed.",
    },
    "mod.done.unban": {"fr": "Exclusion levée.", "en": "Ban lifted."},
    "mod.done.chat.remove": {"fr": "Message retiré.", "en": "Message removed."},
    "mod.done.player.remove": {"fr": "Joueur retiré de la salle.", "en": "Player removed."},
    "mod.done.room.close": {"fr": "Salle fermée.", "en": "Room closed."},
    "mod.done.reports.close": {"fr": "Signalements clos.", "en": "Reports closed."},
    "mod.ask.ban": {
        "fr": "Exclure {name} du serveur ? Ses connexions seront fermées et ses demandes"
        " refusées, jusqu'à ce qu'un opérateur lève l'exclusion.",
        "en": "Ban {name} from the server? Their sockets will be closed and their requests"
        " refused until an operator lifts the ban.",
    },
    "mod.ask.player.remove": {
        "fr": "Retirer {name} de la salle {room} ? Cette personne ne pourra plus y revenir.",
        "en": "Remove {name} from room {room}? They will not be able to come back.",
    },
    "mod.ask.room.close": {
        "fr": "Fermer la salle {room} pour de bon ? Plus personne n'y jouera.",
        "en": "Close room {room} for good? Nobody will play in it any more.",
    },
    "mod.yes.ban": {"fr": "Oui, exclure", "en": "Yes, ban"},
    "mod.yes.player.remove": {"fr": "Oui, retirer", "en": "Yes, remove"},
    "mod.yes.room.close": {"fr": "Oui, fermer", "en": "Yes, close"},
    "mod.no": {"fr": "Non", "en": "No"},
    "mod.error.bad_action": {
        "fr": "action inconnue ou incomplète",
        "en": "unknown or incomplete action",
    },
    "mod.error.nobody": {
        "fr": "personne n'est connu sous {target} : ni compte, ni nom signalé, ni joueur",
        "en": "nobody is known as {target}: no account, reported name or player",
    },
    "mod.error.operator": {
        "fr": "{name} est opérateur : retirez-le d'abord des opérateurs (motamot admin"
        " operators remove)",
        "en": "{name} is an operator: remove them from the operators first (motamot admin"
        " operators remove)",
    },
    "mod.error.not_banned": {
        "fr": "aucune exclusion ne concerne {target}",
        "en": "no ban concerns {target}",
    },
    "mod.error.no_reports": {
        "fr": "aucun signalement ouvert de cette personne",
        "en": "no open report of this person",
    },
    "mod.error.refused": {"fr": "refusé : {why}", "en": "refused: {why}"},
}


#: `motamot admin fairplay` (docs/rules.md, F2, F4, R5-R7).
FAIRPLAY_CLI: Catalog = {
    "nothing": {
        "fr": "motamot : rien n'a été mis hors classement",
        "en": "motamot: nothing was set aside",
    },
    "what.daily": {"fr": "grille du jour {where}", "en": "daily grid {where}"},
    "what.arena": {"fr": "arène {where}", "en": "arena {where}"},
    "what.game": {"fr": "partie classée {where}", "en": "rated game {where}"},
    "who": {"fr": "{name} (joueur {player})", "en": "{name} (player {player})"},
    "who.account": {
        "fr": "{name} (compte, joueur {player})",
        "en": "{name} (account, player {player})",
    },
    "why.too_fast": {
        "fr": "plus vite qu'on ne tape : {words} mots en {seconds} s ({bound})",
        "en": "faster than people type: {words} words in {seconds} s ({bound})",
    },
    "why.second_play": {
        "fr": "seconde partie du compte ({words} mots trouvés)",
        "en": "the account's second play ({words} words found)",
    },
    "why.short": {
        "fr": "pas vraiment jouée, coups posés : {moves}",
        "en": "not really played, moves laid: {moves}",
    },
    "why.kin": {
        "fr": "même navigateur ou même adresse : {shared}",
        "en": "the same browser or address: {shared}",
    },
    "why.same_pair": {
        "fr": "la même paire, au-delà de ses parties classées du jour",
        "en": "the same pair, past its rated games of the day",
    },
    "score": {"fr": " · {score} pts", "en": " · {score} pts"},
}
