"""What both terminal games say alike: when the games cannot be saved, and when input ends.

A save that fails (a full disk, a read-only folder) stops the game with these
words rather than a traceback; the codes are `motamot.durable.WriteError`'s, raised by
the rooms' store (`motamot.service.local`) and by an exported record alike.
"""

from __future__ import annotations

from motamot.text.i18n import Catalog

TERMINAL: Catalog = {
    "no_space": {
        "fr": "Enregistrement impossible : le disque est plein ({path}).",
        "en": "Cannot save: the disk is full ({path}).",
    },
    "cannot_write": {
        "fr": "Enregistrement impossible dans {path} ({reason}).",
        "en": "Cannot save in {path} ({reason}).",
    },
    "stopped_unsaved": {
        "fr": "Partie arrêtée pour ne rien perdre : ce qui était enregistré le reste. Libérez "
        "de la place, ou jouez dans un autre dossier (MOTAMOT_DATA_DIR=DOSSIER).",
        "en": "Game stopped so that nothing is lost: what was saved stays saved. Free some "
        "space, or play in another folder (MOTAMOT_DATA_DIR=FOLDER).",
    },
    "cannot_start": {
        "fr": "Aucune partie ne peut être enregistrée : libérez de la place, ou jouez dans un "
        "autre dossier (MOTAMOT_DATA_DIR=DOSSIER).",
        "en": "No game can be saved: free some space, or play in another folder "
        "(MOTAMOT_DATA_DIR=FOLDER).",
    },
    #: The room refused to set the game up (an unknown word list...).
    "refused": {"fr": "{reason} : {detail}", "en": "{reason}: {detail}"},
    "rematch": {"fr": "Revanche ? (o/n) ", "en": "Rematch? (y/n) "},
    "yes_or_no": {"fr": "Répondez o (oui) ou n (non).", "en": "Answer y (yes) or n (no)."},
    "input_ended": {"fr": "Fin de l'entrée : partie arrêtée.", "en": "End of input: game stopped."},
}
