"""« Comment jouer » (FR/EN): each game's rules as a player needs them, written from our
reading of the rulebooks (docs/rules.md holds every rule with its id and our choices),
and the home page's card for each game.

A guide is data: parts with a heading, paragraphs, a list, a small table, and the name
of a picture the game's template draws (`web/<kind>/templates/guide.html`). The worked
examples (a word on a grid, a move's score) are checked against the engines by
`tests/server/test_guides.py`.
"""

from __future__ import annotations

from dataclasses import dataclass

from motamot.text.i18n import Catalog, Language


@dataclass(frozen=True)
class Part:
    """One part of a guide: its heading, then its picture, paragraphs, table and list."""

    heading: str
    text: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    #: A picture the game's guide template draws (by name), with its caption.
    picture: str = ""
    caption: str = ""
    #: A small table: its two column heads, then its rows.
    table_head: tuple[str, str] | None = None
    table: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Guide:
    title: str
    lead: str
    parts: tuple[Part, ...]


GUIDE_PAGE: Catalog = {
    "games_title": {"fr": "Des jeux de lettres entre amis", "en": "Word games with friends"},
    "games_lead": {
        "fr": "Deux jeux de la boîte, joués ensemble dans le navigateur : un lien suffit pour "
        "inviter.",
        "en": "Two games from the box, played together in the browser: a link is all it "
        "takes to invite.",
    },
    "how_to_play": {"fr": "Comment jouer", "en": "How to play"},
    "guide_more": {
        "fr": "Chaque règle, numérotée, avec les choix de motamot là où la règle du jeu se "
        "tait, est dans docs/rules.md avec le code du jeu.",
        "en": "Every rule, numbered, with motamot's choices where the rulebook is silent, is in "
        "docs/rules.md with the game's code.",
    },
}

BOGGLE_GUIDE: dict[Language, Guide] = {
    "fr": Guide(
        title="Comment jouer au Boggle",
        lead="Seize dés, trois minutes : trouvez dans la grille plus de mots que les autres, "
        "et surtout des mots qu'ils n'ont pas trouvés.",
        parts=(
            Part(
                "La grille",
                text=(
                    "Chaque manche tire une grille de 4×4 dés (5×5 ou 6×6 dans les variantes). "
                    "Tout le monde cherche dans la même grille, en même temps.",
                    "Un dé montre « Qu » : il compte pour deux lettres, Q puis U.",
                ),
            ),
            Part(
                "Former un mot",
                picture="word",
                caption="DANSE, de dé voisin en dé voisin : D, A, N, S, E. DANS, un autre mot, "
                "compte aussi.",
                items=(
                    "Les lettres se suivent de dé en dé voisin : à côté, au-dessus, au-dessous "
                    "ou en diagonale.",
                    "Un dé ne sert qu'une fois dans un mot, et aucune lettre n'est sautée.",
                    "Trois lettres au moins (quatre en 5×5 et 6×6).",
                    "Pluriels, féminins et verbes conjugués comptent ; noms propres, sigles et "
                    "mots à trait d'union ou à apostrophe, non.",
                    "Les accents ne comptent pas : SANTE s'écrit pour SANTÉ.",
                ),
            ),
            Part(
                "Les points",
                text=("Un mot rapporte selon son nombre de lettres (Qu en compte deux) :",),
                table_head=("Lettres", "Points"),
                table=(("3 ou 4", "1"), ("5", "2"), ("6", "3"), ("7", "5"), ("8 et plus", "11")),
                items=(
                    "Un mot trouvé par deux joueurs ou plus est rayé pour tous : il ne rapporte "
                    "rien. Seuls comptent les mots que vous êtes seul à trouver, une fois "
                    "chacun.",
                    "La partie se joue en un nombre de manches, ou jusqu'à un score : le plus "
                    "haut total gagne.",
                ),
            ),
            Part(
                "Sur motamot",
                items=(
                    "Tapez un mot puis Entrée, ou tracez-le sur la grille du doigt ou de la "
                    "souris.",
                    "Le serveur tient le sablier : le temps écoulé, plus aucun mot n'est accepté.",
                    "Selon la salle, le dictionnaire juge chaque mot tout de suite, ou à la fin "
                    "de la manche.",
                    "Si la connexion tombe, vos mots attendent et partent à son retour ; un mot "
                    "arrivé après la fin de la manche est refusé.",
                    "À la fin, chaque mot montre son chemin sur la grille, avec les mots que "
                    "personne n'a vus.",
                    "Seul, rien n'est rayé : comparez-vous à tous les mots de la grille.",
                    "« Rejouer cette grille plus tard » donne un lien vers la même grille, avec "
                    "les mêmes réglages, pour comparer vos mots.",
                ),
            ),
        ),
    ),
    "en": Guide(
        title="How to play Boggle",
        lead="Sixteen dice, three minutes: find more words on the grid than the others, and "
        "above all words they did not find.",
        parts=(
            Part(
                "The grid",
                text=(
                    "Each round rolls a grid of 4×4 dice (5×5 or 6×6 in the variants). "
                    "Everybody searches the same grid at the same time.",
                    "One die shows « Qu »: it counts as two letters, Q then U.",
                ),
            ),
            Part(
                "Making a word",
                picture="word",
                caption="DANSE (French for dance), from die to neighbouring die: D, A, N, S, "
                "E. DANS, another word, counts too.",
                items=(
                    "Letters follow each other from a die to a neighbouring one: beside, above, "
                    "below or diagonally.",
                    "A die is used once in a word, and no letter is skipped.",
                    "Three letters at least (four on 5×5 and 6×6).",
                    "Plurals and every form of a verb count; proper nouns, abbreviations and "
                    "words with a hyphen or an apostrophe do not.",
                    "Accents do not count: type SANTE for SANTÉ.",
                ),
            ),
            Part(
                "Points",
                text=("A word scores by its number of letters (Qu counts two):",),
                table_head=("Letters", "Points"),
                table=(("3 or 4", "1"), ("5", "2"), ("6", "3"), ("7", "5"), ("8 or more", "11")),
                items=(
                    "A word found by two players or more is crossed out for all of them: it "
                    "scores nothing. Only the words you alone found count, once each.",
                    "A match is a number of rounds, or up to a score: the highest total wins.",
                ),
            ),
            Part(
                "On motamot",
                items=(
                    "Type a word and press Enter, or trace it on the grid with finger or mouse.",
                    "The server keeps the hourglass: once time is up, no word is accepted.",
                    "Depending on the room, the dictionary judges each word at once, or at the "
                    "end of the round.",
                    "If the connection drops, your words wait and go when it is back; a word "
                    "that arrives after the end of the round is refused.",
                    "At the end, every word shows its path on the grid, with the words nobody saw.",
                    "Alone, nothing is crossed out: measure yourself against every word of the "
                    "grid.",
                    "« Play this grid later » gives a link to the same grid, with the same "
                    "settings, to compare your words.",
                ),
            ),
        ),
    ),
}

TOPWORD_GUIDE: dict[Language, Guide] = {
    "fr": Guide(
        title="Comment jouer au Topword",
        lead="Des mots croisés qui montent : posez vos lettres sur le plateau, ou empilez-les "
        "sur celles des autres pour changer leurs mots.",
        parts=(
            Part(
                "Le matériel",
                text=(
                    "Un plateau de 10×10 cases, 100 lettres, de 2 à 4 joueurs. Chacun tire 7 "
                    "lettres, posées sur son chevalet et cachées des autres.",
                    "Chacun tire une lettre : la plus proche du A commence, puis on joue chacun "
                    "son tour.",
                ),
            ),
            Part(
                "Le premier mot",
                picture="first",
                caption="Le premier coup, 5D MAIN : une lettre au moins sur les quatre cases "
                "du centre. Toutes à plat : 2 points par lettre, 8 points.",
                text=(
                    "Un mot horizontal ou vertical dont une lettre au moins couvre l'une des "
                    "quatre cases du centre.",
                ),
            ),
            Part(
                "Les coups suivants",
                picture="stack",
                caption="P empilé sur le M : MAIN devient PAIN. Une lettre sur une pile : 1 "
                "point par lettre des piles du mot, 2 + 1 + 1 + 1 = 5 points.",
                items=(
                    "Chaque coup prolonge ou croise un mot du plateau, ou empile des lettres "
                    "sur d'autres pour en changer un : MAIN devient PAIN.",
                    "Les lettres d'un coup sont sur une même ligne ou une même colonne et "
                    "forment, avec celles déjà posées, un seul mot sans trou. On lit de gauche "
                    "à droite et de haut en bas, jamais en diagonale.",
                    "Une pile a au plus 5 lettres, et une lettre ne se pose pas sur la même "
                    "lettre.",
                    "Tous les mots que le coup forme ou change, dans les deux sens, doivent "
                    "exister.",
                    "Ajouter seulement un S à un mot (MAIN, MAINS) n'est pas un coup, sauf si "
                    "ce S forme aussi un autre mot.",
                ),
            ),
            Part(
                "Les points",
                items=(
                    "Un mot dont toutes les lettres sont à plat : 2 points par lettre.",
                    "Un mot dont une lettre au moins est sur une pile : 1 point par lettre de "
                    "ses piles, la somme de leurs hauteurs.",
                    "+2 pour chaque J, Qu, V, X ou Z posé ; +10 pour les 7 lettres du chevalet "
                    "posées en un coup.",
                    "Un coup qui forme plusieurs mots les compte tous ; une lettre commune à "
                    "deux mots n'est comptée qu'une fois.",
                    "Après son coup, on repioche jusqu'à 7 lettres.",
                ),
            ),
            Part(
                "Passer, échanger, finir",
                items=(
                    "À son tour, on peut aussi passer, ou échanger une lettre contre une de la "
                    "pioche.",
                    "La partie finit quand un joueur n'a plus de lettre et que la pioche est "
                    "vide, quand plus personne ne peut jouer, ou quand tous ont passé à la "
                    "suite.",
                    "Chaque lettre restée sur un chevalet coûte 5 points ; le plus haut total "
                    "gagne.",
                ),
            ),
            Part(
                "Sur motamot",
                items=(
                    "Glissez une lettre du chevalet sur une case, ou touchez une case puis "
                    "tapez les lettres : la flèche dit le sens, touchez la case de nouveau "
                    "pour le changer.",
                    "Ou tapez le coup entier : 5D MAIN (ligne 5, colonne D, vers la droite) ou "
                    "D5 MAIN (vers le bas).",
                    "L'arbitre compte les points avant que vous jouiez, et dit pourquoi un coup "
                    "est refusé.",
                    "Les traits au bord d'une case disent la hauteur de sa pile : ce n'est pas "
                    "la valeur de la lettre.",
                    "Une table se joue en direct, avec un temps par tour, ou par "
                    "correspondance : revenez quand vous voulez.",
                    "Abandonner met vos lettres de côté ; à trois ou quatre, les autres "
                    "continuent.",
                    "À la fin : la partie en fichier, le rejeu coup par coup et son analyse.",
                ),
            ),
        ),
    ),
    "en": Guide(
        title="How to play Topword",
        lead="Crosswords that grow upwards: lay your letters on the board, or stack them on "
        "the others' to change their words.",
        parts=(
            Part(
                "What you play with",
                text=(
                    "A board of 10×10 squares, 100 letters, 2 to 4 players. Each draws 7 "
                    "letters, kept on a rack hidden from the others.",
                    "Each draws a letter: the closest to A starts, then everyone plays in turn.",
                ),
            ),
            Part(
                "The first word",
                picture="first",
                caption="The first move, 5D MAIN (French for hand): a letter at least on the "
                "four centre squares. All flat: 2 points a letter, 8 points.",
                text=(
                    "A word across or down with at least one letter on one of the four centre "
                    "squares.",
                ),
            ),
            Part(
                "The moves after it",
                picture="stack",
                caption="P stacked on the M: MAIN becomes PAIN (bread). A letter on a stack: "
                "1 point for each letter in the word's stacks, 2 + 1 + 1 + 1 = 5 points.",
                items=(
                    "Each move extends or crosses a word on the board, or stacks letters on "
                    "others to change one: MAIN becomes PAIN.",
                    "The letters of a move lie in one row or one column and, with those already "
                    "there, make one word without a gap. Words read left to right and top to "
                    "bottom, never diagonally.",
                    "A stack holds 5 letters at most, and a letter is never laid on the same "
                    "letter.",
                    "Every word the move makes or changes, both ways, must be a word.",
                    "Only adding an S to a word (MAIN, MAINS) is not a move, unless that S also "
                    "makes another word.",
                ),
            ),
            Part(
                "Points",
                items=(
                    "A word whose letters are all flat: 2 points a letter.",
                    "A word with at least one letter on a stack: 1 point for each letter in its "
                    "stacks, the sum of their heights.",
                    "+2 for each J, Qu, V, X or Z laid; +10 for laying all 7 letters of the rack "
                    "in one move.",
                    "A move that makes several words scores each; a letter two words share "
                    "counts once.",
                    "After a move, draw back up to 7 letters.",
                ),
            ),
            Part(
                "Passing, exchanging, the end",
                items=(
                    "On your turn you may also pass, or exchange a letter for one from the pile.",
                    "The game ends when a player has no letter left and the pile is empty, when "
                    "nobody can play any more, or when everybody passed in a row.",
                    "Each letter left on a rack costs 5 points; the highest total wins.",
                ),
            ),
            Part(
                "On motamot",
                items=(
                    "Drag a letter from the rack to a square, or tap a square and type the "
                    "letters: the arrow shows the direction, tap the square again to turn it.",
                    "Or type the whole move: 5D MAIN (row 5, column D, across) or D5 MAIN (down).",
                    "The referee counts the points before you play, and says why a move is "
                    "refused.",
                    "The marks on a square's edge tell its stack's height: they are not the "
                    "letter's value.",
                    "A table is played live, with a time per turn, or by correspondence: come "
                    "back any time.",
                    "Resigning sets your letters aside; with three or four, the others play on.",
                    "At the end: the game as a file, its replay move by move and its analysis.",
                ),
            ),
        ),
    ),
}

GUIDES: dict[str, dict[Language, Guide]] = {"boggle": BOGGLE_GUIDE, "topword": TOPWORD_GUIDE}
