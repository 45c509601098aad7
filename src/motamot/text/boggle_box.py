"""What the box's tools say (FR/EN): the scorer's room (B17: one person types the paper
lists of the table, under each player's name, seats for those without a phone) and the
face picker (B16: the box's grid picked die by die on a picture)."""

from __future__ import annotations

from motamot.text.i18n import Catalog

SCORER_PAGE: Catalog = {
    "box_scorer": {
        "fr": "Un compteur tape les listes écrites sur papier",
        "en": "A scorer types the lists written on paper",
    },
    "box_scorer_hint": {
        "fr": "Après le sablier, l'hôte tape la liste de chacun\u00a0; la manche finit"
        " quand il a tout tapé.",
        "en": "After the hourglass, the host types everyone's list; the round ends once"
        " all is typed.",
    },
    "paper.title": {"fr": "Les listes sur papier", "en": "The lists on paper"},
    "paper.add": {"fr": "Place sans téléphone", "en": "Seat without a phone"},
    "paper.add_button": {"fr": "Ajouter cette place", "en": "Add this seat"},
    "paper.seat": {"fr": "sans téléphone", "en": "no phone"},
    "paper.whose": {"fr": "La liste de", "en": "The list of"},
    "paper.words": {
        "fr": "Ses mots (séparés par des espaces ou à la ligne)",
        "en": "Their words (separated by blanks or new lines)",
    },
    "paper.send": {"fr": "Ajouter ces mots", "en": "Add these words"},
    "paper.sent": {
        "fr": "{count:mot ajouté|mots ajoutés} à la liste de {name}",
        "en": "{count:word added|words added} to {name}'s list",
    },
    "paper.waiting": {
        "fr": "Le sablier est fini\u00a0: le compteur tape les listes.",
        "en": "The hourglass is over: the scorer types the lists.",
    },
    "paper.close": {"fr": "Fin de la saisie", "en": "All lists typed"},
    # the face picker (web/boggle/static/dicepick.js)
    "dice.pick": {"fr": "Choisir les faces sur l'image", "en": "Pick the faces on a picture"},
    "dice.grid": {"fr": "La grille, case par case", "en": "The grid, cell by cell"},
    "dice.cell": {"fr": "Case {cell}\u00a0: {face}", "en": "Cell {cell}: {face}"},
    "dice.empty": {"fr": "à choisir", "en": "to choose"},
    "dice.which": {
        "fr": "Case {cell}\u00a0: touchez la face que montre son dé.",
        "en": "Cell {cell}: tap the face its die shows.",
    },
    "dice.die": {"fr": "Dé {number}", "en": "Die {number}"},
    "dice.face": {"fr": "{face}, dé {number}", "en": "{face}, die {number}"},
    "dice.blank": {"fr": "face vide", "en": "blank face"},
    "dice.clear": {"fr": "Tout effacer", "en": "Clear all"},
    "dice.left": {
        "fr": "{count:case reste|cases restent} à choisir.",
        "en": "{count:cell|cells} left to choose.",
    },
    "dice.done": {"fr": "Grille complète\u00a0: {grid}", "en": "Grid complete: {grid}"},
}

SCORER_REFUSALS: Catalog = {
    "not_scorer": {
        "fr": "seul l'hôte d'une salle avec compteur tape la liste d'un autre joueur",
        "en": "only the host of a room with a scorer types another player's list",
    },
    "no_such_seat": {
        "fr": "aucun joueur de cette salle n'est à la place {seat}",
        "en": "no player of this room sits at seat {seat}",
    },
    "not_a_scorers_room": {
        "fr": "cette salle n'a pas de compteur\u00a0: chacun tape sa liste",
        "en": "this room has no scorer: each player types their own list",
    },
}
