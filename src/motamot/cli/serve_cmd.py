"""`motamot serve`: play Boggle together in the browser (the server of issue 11)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from motamot.cli.arguments import checked_range
from motamot.cli.errors import CliError
from motamot.server.defaults import (
    LOG_FORMATS,
    LOG_LEVELS,
    MAIL_PER_DAY,
    PER_ADDRESS,
    PROXIES,
    QUOTAS,
    RETENTION_DAYS,
)
from motamot.text.cli import OPTION_ERRORS
from motamot.text.i18n import Language, translate

if TYPE_CHECKING:
    from motamot.server.kinds import WebKinds
    from motamot.server.operations import Operations
    from motamot.service.mail.settings import Mailing


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "serve",
        help="serveur web : jouer au Boggle à plusieurs dans le navigateur",
        description="Lance le serveur motamot : ouvrez l'adresse affichée, créez une salle "
        "et donnez son lien à vos amis.",
    )
    parser.add_argument(
        "--host", default="0.0.0.0", help="adresse d'écoute (défaut : toutes, pour le réseau local)"
    )
    parser.add_argument("--port", type=int, default=8000, help="port (défaut : 8000)")
    parser.add_argument(
        "--db",
        default=None,
        help="base des parties : fichier SQLite (défaut : dossier de données) ou URL postgresql://",
    )
    parser.add_argument(
        "--broker",
        default=None,
        help="plusieurs processus : URL redis:// qui relie les serveurs d'une même base "
        "postgresql:// (chaque salle a un processus maître, les autres le suivent)",
    )
    parser.add_argument(
        "--chosen-grids",
        action="store_true",
        help="le créateur d'une salle peut choisir la graine de sa grille (un club, un tournoi) ; "
        "chaque joueur en est averti. Sans cette option, une grille choisie vient seulement "
        "d'une salle qui l'a déjà jouée",
    )
    parser.add_argument(
        "--proxy",
        "--forwarded-allow-ips",
        dest="proxy",
        action="append",
        metavar="ADDRESS",
        help="adresse d'un proxy inverse devant le serveur, répétable : ses connexions sont "
        "celles de nombreux joueurs (pas de plafond par adresse) et ses en-têtes "
        "X-Forwarded-For sont crus. Défaut : " + ", ".join(PROXIES),
    )
    parser.add_argument(
        "--origin",
        action="append",
        metavar="URL",
        help="adresse publique du site (https://jeu.exemple), répétable : les pages qui en "
        "viennent peuvent créer des salles et ouvrir des sockets, en plus de celles de "
        "l'hôte que la requête nomme (derrière un proxy qui ne transmet pas Host)",
    )
    parser.add_argument(
        "--connections-per-address",
        type=int,
        default=PER_ADDRESS,
        metavar="N",
        help="connexions ouvertes à la fois depuis une même adresse, 0 pour aucun plafond. "
        "Défaut : " + str(PER_ADDRESS),
    )
    _operator_options(parser)
    _kept_options(parser)
    _kinds().add_options(parser)  # each kind's own (the arena's, the daily grid's...)
    parser.set_defaults(handler=_serve)


def _kinds() -> WebKinds:
    """Every kind this motamot plays (the one registry), as registered."""
    from motamot.web import default_kinds

    return default_kinds()


def configured_kinds(args: argparse.Namespace) -> WebKinds:
    """The kinds as the options set them up; a CliError for a value a kind refuses."""
    from motamot.server.options import OptionError

    try:
        return _kinds().configured(args)
    except OptionError as error:
        raise CliError(str(error)) from None


def _kept_options(parser: argparse.ArgumentParser) -> None:
    """What a server keeps beside its rooms: its secret, old rooms' records."""
    parser.add_argument(
        "--secret-file",
        default=None,
        metavar="FILE",
        help="le secret d'où viennent la grille du jour et les manches de l'arène, le même "
        "pour chaque processus d'un serveur (créé s'il manque ; défaut : server.secret "
        "dans le dossier de données)",
    )
    parser.add_argument(
        "--retention-days",
        type=float,
        default=RETENTION_DAYS,
        metavar="DAYS",
        help="les salles finies sans activité depuis ce nombre de jours sont effacées, "
        "leurs parties gardées en texte (--keep-records) ; 0 pour tout garder. Défaut : "
        + str(RETENTION_DAYS),
    )
    parser.add_argument(
        "--keep-records",
        default=None,
        metavar="DIR",
        help="dossier des parties gardées en texte avant qu'une salle soit effacée "
        "(défaut : records dans le dossier de données)",
    )


def _operator_options(parser: argparse.ArgumentParser) -> None:
    """What an operator of a public server sets: quotas, metrics and logs, who the public
    lists show."""
    parser.add_argument(
        "--open-rankings",
        action="store_true",
        help="les classements publics de la grille du jour et de l'arène montrent tous les "
        "joueurs, pas seulement les comptes (F1)",
    )
    for option, default, text in QUOTA_OPTIONS:
        parser.add_argument(
            option,
            type=int,
            default=default,
            metavar="N",
            help=text + ", 0 pour aucun. Défaut : " + str(default),
        )
    parser.add_argument(
        "--metrics-port",
        type=int,
        default=None,
        metavar="PORT",
        help="sert /metrics (Prometheus) sur ce port plutôt que sur le port public",
    )
    parser.add_argument(
        "--metrics-host",
        default="127.0.0.1",
        metavar="ADDRESS",
        help="adresse d'écoute de --metrics-port (défaut : 127.0.0.1, cette machine seule)",
    )
    parser.add_argument(
        "--no-metrics",
        action="store_true",
        help="aucune mesure gardée ni servie (ni /metrics)",
    )
    parser.add_argument(
        "--log-format",
        choices=LOG_FORMATS,
        default="auto",
        help="journal : json (un objet JSON par ligne), text (lisible), auto (text sur un "
        "terminal, json sinon ; défaut)",
    )
    parser.add_argument(
        "--log-level",
        choices=LOG_LEVELS,
        default="info",
        help="niveau du journal (défaut : info, une ligne par requête)",
    )
    _mail_options(parser)


def _mail_options(parser: argparse.ArgumentParser) -> None:
    """Telling players by e-mail: the SMTP server, the sender, the site's address."""
    parser.add_argument(
        "--smtp",
        default=None,
        metavar="URL",
        help="serveur SMTP pour prévenir les joueurs par e-mail (leur tour, la fin d'une "
        "partie) : smtp://utilisateur:mot-de-passe@hôte:port, smtps://... pour TLS, "
        "?starttls=1 pour STARTTLS. Sans cette option, les pages ne le proposent pas",
    )
    parser.add_argument(
        "--mail-from",
        default=None,
        metavar="ADDRESS",
        help="expéditeur des e-mails (motamot@jeu.exemple)",
    )
    parser.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help="adresse publique du site (https://jeu.exemple) où mènent les liens des "
        "e-mails ; défaut : le premier --origin",
    )
    parser.add_argument(
        "--mail-per-day",
        type=int,
        default=MAIL_PER_DAY,
        metavar="N",
        help="e-mails envoyés au plus par jour à une même adresse. Défaut : " + str(MAIL_PER_DAY),
    )


#: Longest retention an operator may set (days: a few centuries).
MAX_RETENTION_DAYS = 100_000
#: Each quota per client address (`server.quotas`): option, default, what it counts.
QUOTA_OPTIONS = (
    ("--rooms-per-hour", QUOTAS.rooms_per_hour, "salles créées par heure depuis une adresse"),
    (
        "--joins-per-minute",
        QUOTAS.joins_per_minute,
        "salles rejointes par minute depuis une adresse",
    ),
    (
        "--sockets-per-address",
        QUOTAS.sockets_at_once,
        "parties ouvertes à la fois depuis une adresse",
    ),
)


def _serve(args: argparse.Namespace) -> int:
    from motamot.server.connections import ConnectionLimits
    from motamot.server.serve import serve
    from motamot.server.startup import PortTaken
    from motamot.service.brokers.prefix import PrefixTaken
    from motamot.service.storage import default_db
    from motamot.service.stores.migrations import SchemaTooNew
    from motamot.service.stores.urls import parse_url

    per_address = args.connections_per_address
    checked_range(per_address, "--connections-per-address", 0, 1_000_000, args.lang)
    limits = ConnectionLimits(
        per_address=per_address, proxies=tuple(args.proxy or PROXIES), lang=args.lang
    )
    metrics_at = None
    if args.metrics_port is not None:
        checked_range(args.metrics_port, "--metrics-port", 1, 65535, args.lang)
        metrics_at = (args.metrics_host, args.metrics_port)
    kinds = configured_kinds(args)
    ops = _operations(args)
    db = args.db or default_db()
    parse_url(db)  # a URL no store reads: said before anything is opened (`store_failure`)
    try:
        serve(
            args.host,
            args.port,
            db,
            kinds,
            args.lang,
            args.broker,
            args.chosen_grids,
            limits,
            _origins(args.origin or [], args.lang),
            ops,
            metrics_at,
        )
    except SchemaTooNew as error:
        fields = {"store": error.store, "found": error.found, "known": error.known}
        raise CliError(translate(OPTION_ERRORS, "schema_too_new", args.lang, **fields)) from None
    except PrefixTaken as error:
        fields = {"prefix": error.prefix, "holder": error.holder, "mine": error.mine}
        raise CliError(translate(OPTION_ERRORS, "prefix_taken", args.lang, **fields)) from None
    except PortTaken as error:
        fields = {"host": error.host, "port": error.port, "reason": error.reason}
        raise CliError(translate(OPTION_ERRORS, "port_taken", args.lang, **fields)) from None
    return 0


def _operations(args: argparse.Namespace) -> Operations:
    """The operator's choices the options make: quotas, retention, logs, metrics."""
    from motamot.cli.secret import load_secret
    from motamot.server.operations import Operations
    from motamot.server.quotas import QuotaLimits
    from motamot.service.rooms.retention import Retention
    from motamot.service.storage import data_dir

    for option, _, _ in QUOTA_OPTIONS:
        checked_range(getattr(args, option[2:].replace("-", "_")), option, 0, 1_000_000, args.lang)
    quotas = QuotaLimits(args.rooms_per_hour, args.joins_per_minute, args.sockets_per_address)
    if not 0 <= args.retention_days <= MAX_RETENTION_DAYS:
        raise CliError(
            translate(
                OPTION_ERRORS,
                "out_of_range",
                args.lang,
                option="--retention-days",
                low=0,
                high=MAX_RETENTION_DAYS,
            )
        )
    records = Path(args.keep_records) if args.keep_records else data_dir() / "records"
    ops = Operations(
        log_format=args.log_format,
        log_level=args.log_level,
        quotas=quotas,
        retention=Retention(args.retention_days, records),
        secret=load_secret(args.secret_file, args.lang),
        mail=_mailing(args),
    )
    if args.no_metrics:
        ops.metrics = None
    return ops


def _mailing(args: argparse.Namespace) -> Mailing | None:
    """The mail the options ask for (None: no --smtp); a CliError for an option that is
    wrong or missing (never saying the SMTP password)."""
    from motamot.server.origins import normal_origin
    from motamot.service.mail.addresses import AddressError, check_address
    from motamot.service.mail.settings import Mailing
    from motamot.service.mail.smtp import SmtpUrlError, parse_smtp_url

    if args.smtp is None:
        return None
    lang = args.lang
    try:
        smtp = parse_smtp_url(args.smtp)
    except SmtpUrlError as error:
        raise CliError(translate(OPTION_ERRORS, "bad_smtp_url", lang, **error.fields)) from None
    site = args.public_url or (args.origin or [None])[0]
    if args.mail_from is None or site is None:
        raise CliError(translate(OPTION_ERRORS, "mail_needs", lang))
    try:
        sender = check_address(args.mail_from)
    except AddressError:
        raise CliError(
            translate(OPTION_ERRORS, "bad_mail_from", lang, value=args.mail_from)
        ) from None
    public = normal_origin(site)
    if public is None:
        raise CliError(translate(OPTION_ERRORS, "bad_public_url", lang, value=site))
    checked_range(args.mail_per_day, "--mail-per-day", 1, 100_000, lang)
    return Mailing(smtp, sender, public, per_day=args.mail_per_day)


def _origins(given: list[str], lang: Language) -> list[str]:
    """The `--origin` values as the server compares them; a CliError for one that is
    not a site's address."""
    from motamot.server.origins import normal_origin

    origins = []
    for value in given:
        origin = normal_origin(value)
        if origin is None:
            raise CliError(translate(OPTION_ERRORS, "bad_origin", lang, value=value))
        origins.append(origin)
    return origins
