/* The complete check of a compiled word list (see motamot/lexicon/dawg.py).
 *
 * Shared by motamot._speedups (the check run when a list is loaded) and the
 * Boggle kernel (which re-checks the array it is given before it trusts it).
 * It is the exact twin of dawg.check_arcs in pure Python: same walk (depth
 * first, letters in order), so the same first fault is reported.
 *
 * A valid array: every state reached from the root has its arcs inside the
 * array; a state with arcs owns them alone (two different states never share
 * or overlap arc blocks); a state without arcs ends a word; no path is longer
 * than `max_letters` (so there is no cycle); every arc belongs to a state
 * reached from the root; at most UINT32_MAX words.
 */
#ifndef MOTAMOT_DAWG_CHECK_H
#define MOTAMOT_DAWG_CHECK_H

#include <stdint.h>
#include <stdlib.h>

#define DAWG_CHECK_LETTER_MASK ((UINT64_C(1) << 26) - 1)
#define DAWG_CHECK_WORD_BIT (UINT64_C(1) << 26)
#define DAWG_CHECK_ARC_SHIFT 27
#define DAWG_CHECK_MAX_LETTERS 256

enum {
    DAWG_OK = 0,
    DAWG_BAD_ROOT,
    DAWG_BAD_ARC,
    DAWG_SHARED_ARCS,
    DAWG_CYCLE,
    DAWG_DEAD_END,
    DAWG_TOO_LONG,
    DAWG_UNREACHABLE,
    DAWG_TOO_MANY_WORDS,
    DAWG_NO_MEMORY,
};

/* The error code's name, as LexiconFormatError spells it. */
static const char *dawg_check_code(int fault) {
    switch (fault) {
    case DAWG_BAD_ROOT: return "bad_root";
    case DAWG_BAD_ARC: return "bad_arc";
    case DAWG_SHARED_ARCS: return "shared_arcs";
    case DAWG_CYCLE: return "cycle";
    case DAWG_DEAD_END: return "dead_end";
    case DAWG_TOO_LONG: return "too_long";
    case DAWG_UNREACHABLE: return "unreachable_arcs";
    case DAWG_TOO_MANY_WORDS: return "too_many_words";
    default: return "";
    }
}

typedef struct {
    uint64_t state; /* a state with arcs */
    int next;       /* arcs of it already walked */
    uint64_t words; /* words found below it so far (its own word bit included) */
} DawgFrame;

enum { CLAIMED = 1, DONE = 2 };

/* Per arc index: whether the arc belongs to a state, and for the state whose
 * arcs start there, that state and (once walked) its word count. */
typedef struct {
    uint64_t owner;
    uint32_t below;
    uint32_t flags;
} DawgSlot;

/* Check `arcs[0..n)` from `root`; on success *words is the word count.
 * On a fault, *at is the arc index (or count) the fault is about. */
static int dawg_check(const uint64_t *arcs, uint64_t n, uint64_t root, int max_letters,
                      uint64_t *words, uint64_t *at) {
    *words = 0;
    *at = 0;
    if (max_letters < 1 || max_letters > DAWG_CHECK_MAX_LETTERS) max_letters = DAWG_CHECK_MAX_LETTERS;
    if (root & DAWG_CHECK_WORD_BIT) return DAWG_BAD_ROOT; /* the empty word */
    if (!(root & DAWG_CHECK_LETTER_MASK)) {               /* the empty list */
        if ((root >> DAWG_CHECK_ARC_SHIFT) != 0) return DAWG_BAD_ROOT;
        *at = n;
        return n ? DAWG_UNREACHABLE : DAWG_OK;
    }
    if ((root >> DAWG_CHECK_ARC_SHIFT) + (uint64_t)__builtin_popcountll(root & DAWG_CHECK_LETTER_MASK) > n)
        return DAWG_BAD_ROOT;
    DawgSlot *slot = calloc((size_t)n, sizeof(DawgSlot));
    DawgFrame stack[DAWG_CHECK_MAX_LETTERS + 1];
    int fault = DAWG_OK;
    uint64_t claimed = 0;
    if (!slot) {
        fault = DAWG_NO_MEMORY;
        goto done;
    }
    int depth = 0;
    uint64_t state = root;
    uint64_t result = 0;
    /* Enter `state` (a child met at `depth` letters): either its count is known, or push it. */
    for (;;) {
        uint64_t mask = state & DAWG_CHECK_LETTER_MASK;
        uint64_t start = state >> DAWG_CHECK_ARC_SHIFT;
        int pushed = 0;
        if (!mask) {
            if (start > n) {
                fault = DAWG_BAD_ARC;
                *at = start;
                goto done;
            }
            if (!(state & DAWG_CHECK_WORD_BIT)) {
                fault = DAWG_DEAD_END;
                *at = start;
                goto done;
            }
            result = 1;
        } else {
            uint64_t count = (uint64_t)__builtin_popcountll(mask);
            if (start >= n || count > n - start) {
                fault = DAWG_BAD_ARC;
                *at = start;
                goto done;
            }
            if (slot[start].owner == state) {
                if (!(slot[start].flags & DONE)) {
                    fault = DAWG_CYCLE;
                    *at = start;
                    goto done;
                }
                result = slot[start].below;
            } else {
                if (slot[start].owner != 0) {
                    fault = DAWG_SHARED_ARCS;
                    *at = start;
                    goto done;
                }
                for (uint64_t i = start; i < start + count; i++) {
                    if (slot[i].flags & CLAIMED) {
                        fault = DAWG_SHARED_ARCS;
                        *at = i;
                        goto done;
                    }
                    slot[i].flags |= CLAIMED;
                }
                claimed += count;
                if (depth >= max_letters) {
                    fault = DAWG_TOO_LONG;
                    *at = start;
                    goto done;
                }
                slot[start].owner = state;
                stack[depth].state = state;
                stack[depth].next = 0;
                stack[depth].words = (state & DAWG_CHECK_WORD_BIT) ? 1 : 0;
                depth++;
                pushed = 1;
            }
        }
        if (!pushed) {
            /* `result` words below the child just met: add it to its parent and move on. */
            for (;;) {
                if (depth == 0) goto finished;
                DawgFrame *top = &stack[depth - 1];
                top->words += result;
                if (top->words > UINT32_MAX) {
                    fault = DAWG_TOO_MANY_WORDS;
                    *at = top->state >> DAWG_CHECK_ARC_SHIFT;
                    goto done;
                }
                top->next++;
                if (top->next < __builtin_popcountll(top->state & DAWG_CHECK_LETTER_MASK)) break;
                uint64_t top_start = top->state >> DAWG_CHECK_ARC_SHIFT;
                slot[top_start].flags |= DONE;
                slot[top_start].below = (uint32_t)top->words;
                result = top->words;
                depth--;
            }
        }
        DawgFrame *top = &stack[depth - 1];
        state = arcs[(top->state >> DAWG_CHECK_ARC_SHIFT) + (uint64_t)top->next];
        /* The first arc of a just-pushed state is read here too (next == 0). */
        continue;
    finished:
        if (claimed != n) {
            fault = DAWG_UNREACHABLE;
            *at = n - claimed;
            goto done;
        }
        *words = result;
        break;
    }
done:
    free(slot);
    return fault;
}

#endif
