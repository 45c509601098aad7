"""What the board editor of « Le plateau sur la table » says (T20, FR/EN): a position
placed by tapping a cell then a letter, the rack by tapping it then letters, a duplicate
draw drawn from the tiles left in the bag."""

from __future__ import annotations

from motamot.text.i18n import Catalog

EDITOR_PAGE: Catalog = {
    "editor.title": {"fr": "Placer les tuiles", "en": "Place the tiles"},
    "editor.intro": {
        "fr": "Touchez une case puis une lettre (la case suivante se choisit seule), ou la"
        " hauteur de sa pile\u00a0; au clavier, tapez les lettres, 1 à 5 pour la hauteur,"
        " les flèches pour aller d'une case à l'autre.",
        "en": "Tap a cell then a letter (the next cell is chosen for you), or its stack's"
        " height; on a keyboard, type the letters, 1 to 5 for the height, the arrows to move"
        " from cell to cell.",
    },
    "editor.board": {"fr": "Le plateau, case par case", "en": "The board, cell by cell"},
    "editor.cell": {"fr": "{cell}\u00a0: {what}", "en": "{cell}: {what}"},
    "editor.empty": {"fr": "vide", "en": "empty"},
    "editor.stack": {
        "fr": "{letter}, pile de {height}",
        "en": "{letter}, a stack of {height}",
    },
    "editor.letters": {"fr": "Les lettres", "en": "The letters"},
    "editor.heights": {"fr": "La hauteur de la pile", "en": "The stack's height"},
    "editor.height": {"fr": "Hauteur {height}", "en": "Height {height}"},
    "editor.clear_cell": {"fr": "Vider la case", "en": "Empty the cell"},
    "editor.rack": {"fr": "Le chevalet", "en": "The rack"},
    "editor.rack_target": {
        "fr": "Remplir le chevalet\u00a0: {rack}",
        "en": "Fill the rack: {rack}",
    },
    "editor.rack_empty": {"fr": "vide", "en": "empty"},
    "editor.rack_back": {"fr": "Retirer la dernière lettre", "en": "Remove the last letter"},
    "editor.draw": {
        "fr": "Tirage de duplicate (au hasard, dans le sac)",
        "en": "Duplicate draw (at random, from the bag)",
    },
    "editor.left": {
        "fr": "Dans le sac\u00a0: {count:tuile|tuiles}",
        "en": "In the bag: {count:tile|tiles}",
    },
    "editor.clear": {"fr": "Vider le plateau", "en": "Empty the board"},
}
