"""What the player pages say: accounts, profiles, « Mes parties », leaderboards (FR/EN)."""

from __future__ import annotations

from collections import ChainMap

from motamot.text import kinds
from motamot.text.i18n import Catalog, Language, translate
from motamot.text.ordinals import ordinal
from motamot.text.scripts import script_names

PLAYER_PAGE: Catalog = {
    # the header's links, on every page
    "nav": {"fr": "Menu du joueur", "en": "Player menu"},
    "nav.my_games": {"fr": "Mes parties", "en": "My games"},
    "nav.leaderboards": {"fr": "Classements", "en": "Leaderboards"},
    "nav.account": {"fr": "Mon compte", "en": "My account"},
    # signing up, in and out
    "sign_up_title": {"fr": "Créer un compte", "en": "Create an account"},
    "sign_up_intro": {
        "fr": "Un nom et un mot de passe : les parties jouées dans ce navigateur vous "
        "suivent, et vous retrouvez vos parties sur tous vos appareils. Jouer sans compte "
        "reste possible (sauf les parties classées).",
        "en": "A name and a password: the games played in this browser come along, and you "
        "find your games on every device. Playing without an account is still possible "
        "(except rated games).",
    },
    "sign_in_title": {"fr": "Se connecter", "en": "Sign in"},
    "account_name": {"fr": "Nom du compte", "en": "Account name"},
    "account_name_rule": {
        "fr": "{low} à {high} caractères : lettres, chiffres, espaces et - _ . '",
        "en": "{low} to {high} characters: letters, digits, blanks and - _ . '",
    },
    "password": {"fr": "Mot de passe", "en": "Password"},
    "password_rule": {"fr": "Au moins {low} caractères.", "en": "At least {low} characters."},
    "password_again": {"fr": "Le même, encore", "en": "The same again"},
    "current_password": {"fr": "Mot de passe actuel", "en": "Current password"},
    "new_password": {"fr": "Nouveau mot de passe", "en": "New password"},
    "create_account": {"fr": "Créer le compte", "en": "Create the account"},
    "sign_in": {"fr": "Se connecter", "en": "Sign in"},
    "sign_out": {"fr": "Se déconnecter", "en": "Sign out"},
    "no_account_yet": {"fr": "Pas encore de compte ?", "en": "No account yet?"},
    "have_account": {"fr": "Déjà un compte ?", "en": "Have an account?"},
    # the account's settings
    "account_title": {"fr": "Mon compte", "en": "My account"},
    "signed_in_as": {"fr": "Connecté en tant que {name}.", "en": "Signed in as {name}."},
    "my_profile": {"fr": "Mon profil", "en": "My profile"},
    "change_password": {"fr": "Changer le mot de passe", "en": "Change the password"},
    "privacy": {"fr": "Confidentialité", "en": "Privacy"},
    "private_profile": {
        "fr": "Profil privé (vous seul le voyez ; les classements vous nomment sans lien)",
        "en": "Private profile (only you see it; leaderboards name you without a link)",
    },
    "save": {"fr": "Enregistrer", "en": "Save"},
    "delete_title": {"fr": "Supprimer le compte", "en": "Delete the account"},
    "delete_intro": {
        "fr": "Votre nom, votre mot de passe et vos réglages sont effacés ; dans les parties "
        "jouées, vos places prennent un nom anonyme. C'est définitif.",
        "en": "Your name, password and settings are erased; in past games your seats take an "
        "anonymous name. This cannot be undone.",
    },
    "delete": {"fr": "Supprimer définitivement", "en": "Delete for good"},
    "done.password": {"fr": "Mot de passe changé.", "en": "Password changed."},
    "done.privacy": {"fr": "Réglage enregistré.", "en": "Setting saved."},
    "done.deleted": {"fr": "Le compte est supprimé.", "en": "The account is deleted."},
    "deleted_title": {"fr": "Compte supprimé", "en": "Account deleted"},
    "deleted_said": {
        "fr": "Votre compte est supprimé\u00a0: votre nom, votre mot de passe et vos réglages sont "
        "effacés, et vos places dans les parties jouées portent un nom anonyme.",
        "en": "Your account is deleted: your name, password and settings are erased, and "
        "your seats in past games bear an anonymous name.",
    },
    "deleted_next": {
        "fr": "Vous pouvez continuer à jouer sans compte, ou en créer un nouveau.",
        "en": "You may go on playing without an account, or make a new one.",
    },
    "deleted_new": {"fr": "Créer un compte", "en": "Make an account"},
    "done.signed_out": {"fr": "Vous êtes déconnecté.", "en": "You are signed out."},
    # « Mes parties »
    "my_games_title": {"fr": "Mes parties", "en": "My games"},
    "my_games_intro": {
        "fr": "Les parties jouées dans ce navigateur ou avec votre compte.",
        "en": "The games played in this browser or with your account.",
    },
    "no_games": {"fr": "Aucune partie pour l'instant.", "en": "No game yet."},
    "in_progress": {"fr": "en cours", "en": "in progress"},
    "go_back": {"fr": "y retourner", "en": "go back"},
    # profiles
    "profile_title": {"fr": "Profil de {name}", "en": "Player {name}"},
    "profile_title_elided": {"fr": "Profil d'{name}", "en": "Player {name}"},
    "private_note": {"fr": "Ce profil est privé.", "en": "This profile is private."},
    "own_private_note": {
        "fr": "Votre profil est privé : vous seul le voyez.",
        "en": "Your profile is private: only you see it.",
    },
    "no_player": {"fr": "Aucun joueur de ce nom.", "en": "No player of this name."},
    "ratings": {"fr": "Cotes", "en": "Ratings"},
    "rating": {"fr": "Cote", "en": "Rating"},
    "rating_of": {"fr": "Cote {family}", "en": "{family} rating"},
    "provisional": {
        "fr": "?\u00a0: provisoire (moins de {count} parties classées)",
        "en": "?: provisional (fewer than {count} rated games)",
    },
    "rating_chart": {
        "fr": "Évolution de la cote {family} : de {first} à {last} en {count:partie|parties}",
        "en": "{family} rating over time: from {first} to {last} in {count:game|games}",
    },
    "no_rating": {"fr": "Aucune partie classée.", "en": "No rated game."},
    "figures": {"fr": "Statistiques", "en": "Statistics"},
    "game": {"fr": "Jeu", "en": "Game"},
    "variant": {"fr": "Règles", "en": "Rules"},
    "played": {"fr": "Parties", "en": "Games"},
    "wins": {"fr": "Victoires", "en": "Wins"},
    "best_round": {"fr": "Meilleure manche", "en": "Best round"},
    "best_move": {"fr": "Meilleur coup", "en": "Best move"},
    "best_word": {"fr": "Meilleur mot", "en": "Best word"},
    "longest_word": {"fr": "Mot le plus long", "en": "Longest word"},
    "words_per_round": {"fr": "Mots par manche", "en": "Words per round"},
    "points_per_move": {"fr": "Points par coup", "en": "Points per move"},
    "word_points": {"fr": "{word} ({points:point|points})", "en": "{word} ({points:point|points})"},
    "last_games": {"fr": "Dernières parties", "en": "Last games"},
    "when": {"fr": "Date", "en": "Date"},
    "place": {"fr": "Place", "en": "Place"},
    "place_of": {"fr": "{rank} sur {count}", "en": "{rank} of {count}"},
    "games_count": {"fr": "Parties\u00a0: {count}", "en": "Games: {count}"},
    "rating_dot": {"fr": "{day}\u00a0: {value}", "en": "{day}: {value}"},
    "score": {"fr": "Score", "en": "Score"},
    "opponents": {"fr": "Adversaires", "en": "Opponents"},
    "links": {"fr": "Voir", "en": "See"},
    "link.watch": {"fr": "résultats", "en": "results"},
    "link.replay": {"fr": "rejouer", "en": "replay"},
    "link.analysis": {"fr": "analyse", "en": "analysis"},
    "rated_game": {"fr": "classée", "en": "rated"},
    # leaderboards
    "leaderboards_title": {"fr": "Classements", "en": "Leaderboards"},
    "top_rated": {"fr": "Les 100 meilleurs : {family}", "en": "Top 100: {family}"},
    "activity_of": {"fr": "Les plus actifs : {period}", "en": "Most active: {period}"},
    "period.week": {"fr": "cette semaine", "en": "this week"},
    "period.month": {"fr": "ce mois-ci", "en": "this month"},
    "period.all": {"fr": "depuis toujours", "en": "all time"},
    "rank": {"fr": "Rang", "en": "Rank"},
    "player": {"fr": "Joueur", "en": "Player"},
    "games": {"fr": "Parties", "en": "Games"},
    "nobody_yet": {"fr": "Personne pour l'instant.", "en": "Nobody yet."},
    "anonymous_player": {"fr": "joueur sans compte", "en": "player without an account"},
    # rooms
    "rated": {"fr": "Partie classée", "en": "Rated game"},
    "rated_hint": {
        "fr": "Réservée aux comptes connectés (et aux joueurs ordinateur, de classement fixe).",
        "en": "For signed-in accounts only (and computer players, whose ratings are fixed).",
    },
}

#: Why an account form was refused (the codes of the account pages).
ACCOUNT_ERRORS: Catalog = {
    "length": {
        "fr": "un nom de compte a de {low} à {high} caractères",
        "en": "an account name has {low} to {high} characters",
    },
    "character": {
        "fr": "un nom de compte n'a que des lettres, des chiffres, des espaces et {allowed}",
        "en": "an account name holds letters, digits, blanks and {allowed} only",
    },
    "unfit": {
        "fr": "ce nom ne peut pas être un nom de compte (caractère invisible ou de contrôle)",
        "en": "this name cannot be an account's (an invisible or control character)",
    },
    "mixed_scripts": {
        "fr": "ce nom mêle plusieurs écritures ({scripts}) : c'est ainsi qu'on imite "
        "le nom d'un autre ; écrivez-le dans une seule",
        "en": "this name mixes scripts ({scripts}): that is how another's name is "
        "imitated; write it in one",
    },
    "reserved": {"fr": "le nom {name} est réservé", "en": "the name {name} is reserved"},
    "name_taken": {
        "fr": "ce nom est déjà pris, ou un nom qui lui ressemble (les majuscules, les accents"
        " et les lettres d'autres alphabets qui se confondent ne comptent pas)",
        "en": "this name is taken, or a name that looks like it (case, accents and letters"
        " of other alphabets that look the same do not count)",
    },
    "password_short": {
        "fr": "le mot de passe a au moins {low} caractères",
        "en": "the password has at least {low} characters",
    },
    "password_long": {
        "fr": "le mot de passe a au plus {high} caractères",
        "en": "the password has at most {high} characters",
    },
    "passwords_differ": {
        "fr": "les deux mots de passe diffèrent",
        "en": "the two passwords differ",
    },
    "wrong_password": {
        "fr": "nom ou mot de passe incorrect",
        "en": "wrong name or password",
    },
    "too_many_tries": {
        "fr": "trop d'essais : réessayez dans {wait}",
        "en": "too many tries: try again in {wait}",
    },
    "already_account": {
        "fr": "ce navigateur est déjà connecté à un compte",
        "en": "this browser is already signed in to an account",
    },
    "csrf": {
        "fr": "formulaire refusé : il ne vient pas de cette page (rechargez-la)",
        "en": "form refused: it does not come from this page (reload it)",
    },
    "malformed": {"fr": "formulaire illisible", "en": "unreadable form"},
    "too_big": {"fr": "formulaire trop long", "en": "form too long"},
    "signed_out": {
        "fr": "connectez-vous d'abord",
        "en": "sign in first",
    },
}


#: What `motamot admin` says.
ADMIN: Catalog = {
    "rebuilt.same": {
        "fr": "motamot : {games:partie refaite|parties refaites} à partir des événements de "
        "{db} ; profils et classements identiques à ceux d'avant (sha256 {digest})",
        "en": "motamot: {games:game|games} rebuilt from the events of {db}; profiles and "
        "ratings the same as before (sha256 {digest})",
    },
    "rebuilt.changed": {
        "fr": "motamot : {games:partie refaite|parties refaites} à partir des événements de "
        "{db} ; profils et classements corrigés (sha256 {digest})",
        "en": "motamot: {games:game|games} rebuilt from the events of {db}; profiles and "
        "ratings corrected (sha256 {digest})",
    },
}


def admin_text(key: str, lang: Language, /, **fields: object) -> str:
    return translate(ADMIN, key, lang, **fields)


#: ... then the registered kinds' (their names `kind.<name>`, their families `family.<f>`).
_PLAYER_PAGES: Catalog = ChainMap(dict(PLAYER_PAGE), kinds.PAGE)


def player_text(key: str, lang: Language, /, **fields: object) -> str:
    return translate(_PLAYER_PAGES, key, lang, **fields)


def account_error(code: str, lang: Language, /, **fields: object) -> str:
    if "codes" in fields:  # the scripts a name mixes, said in `lang`
        fields = {**fields, "scripts": script_names(str(fields["codes"]), lang)}
    return translate(ACCOUNT_ERRORS, code, lang, **fields)


def place_text(rank: int, count: int, lang: Language) -> str:
    """A place among `count` as the games' tables say it, under the heading « Place »:
    « 1re sur 3 », « 2e sur 3 » (never « 1er »), "1st of 3"."""
    return player_text("place_of", lang, rank=ordinal(rank, lang), count=count)
