/*
 * Compiled Boggle solver over motamot's DAWG (see motamot/lexicon/dawg.py).
 *
 * The DAWG is one flat array of uint64 states: bits 0-25 the letters that
 * leave the node, bit 26 "a word ends here", bits 27+ where the node's arcs
 * start. At construction the kernel gives each arc its word rank offset
 * (the classic DAWG perfect hash: for each arc, how many words sort before
 * the words that take it), so a solve tells a word it has already found by
 * one bit of a bitset instead of a string hash. It then lays the nodes out
 * again breadth first (the upper levels, where most steps go, share a few
 * cache lines) and, when it fits, packs each arc's rank offset into the
 * spare high bits of its state: one step of a walk is one 8-byte read.
 *
 * The search is the pure-Python reference's, step for step: start cells in
 * reading order, neighbours in increasing order, depth first, and a word's
 * path is the first one met. Both must give identical results.
 *
 * Grids come in their printed form run together ("ORTEBESTINAMGTED",
 * "QuAB...", "_" for a blank): a capital starts a face, lower-case letters
 * continue it. Any face length and any grid up to 10x10 is accepted; the
 * buffers that depend on them are sized per grid, never fixed.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../dawg_check.h"

#define LETTER_MASK ((UINT64_C(1) << 26) - 1)
#define DAWG_WORD_BIT (UINT64_C(1) << 26)
#define ARC_SHIFT 27
#define MAX_SIDE 10                      /* motamot.boggle.grid.MAX_SIZE */
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)
#define MAX_DEPTH 4096                   /* DAWG recursion at construction */
#define SCORED 256                       /* longer words score the last entry */
#define MAX_TEXT (1 << 24)               /* letters of a grid: offsets fit an int */

/* Without -mpopcnt, __builtin_popcountll is a library call; this is a dozen
 * inline instructions on the walk's critical path instead. */
static inline int popcount64(uint64_t x) {
#ifdef __POPCNT__
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
#endif
}

/* One arc when the rank offset does not fit in the state's spare bits. */
typedef struct {
    uint64_t state;
    uint64_t before;
} Arc;

/* A word found by a collecting solve: where its letters and cells are kept. */
typedef struct {
    uint32_t rank, letters_at, cells_at, n_letters, n_cells;
} Hit;

enum { COUNT = 0, KEEP = 1, EMIT = 2 };

typedef struct Search {
    int n_cells, columns;
    int face_at[MAX_CELLS], face_len[MAX_CELLS]; /* folded letters in `letters` */
    int print_at[MAX_CELLS], print_len[MAX_CELLS]; /* printed face in the input text */
    uint64_t first_bit[MAX_CELLS]; /* the bit of a face's first letter, 0 for a blank */
    uint64_t around[MAX_CELLS];    /* the first letters of a cell's neighbours */
    int nb_start[MAX_CELLS + 1];
    uint8_t nb[MAX_CELLS * MAX_CELLS];
    int geometry; /* >0: king moves on a grid of that side; -1: read from last_neighbours */
    uint8_t used[MAX_CELLS];
    uint8_t path[MAX_CELLS];
    int path_len;
    char *letters; /* every face's folded letters, then room for the word */
    Py_ssize_t letters_cap, n_letters;
    int min_letters;
    long scores[SCORED + 1];
    Py_ssize_t n_found;
    long long points;
    int mode;
    PyObject *out; /* EMIT: list of (word, path) */
    int failed;
} Search;

struct Solver;
typedef void (*Visit)(struct Solver *, Search *, char *, int, uint64_t, uint32_t, int);

typedef struct Solver {
    PyObject_HEAD
    uint64_t *packed; /* state | before << before_shift, or NULL: then `wide` */
    Arc *wide;
    uint64_t start_mask; /* the arc start bits of a state, after >> ARC_SHIFT */
    int before_shift;
    uint64_t root;
    uint32_t word_count;
    uint8_t *seen;   /* one bit per word rank, all clear between solves */
    uint32_t *found; /* ranks set during the current solve */
    Py_ssize_t found_cap;
    Hit *hits;
    Py_ssize_t hits_cap;
    char *hit_letters;
    Py_ssize_t letters_len, letters_cap;
    uint8_t *hit_cells;
    Py_ssize_t cells_len, cells_cap;
    char *text; /* json_lines output */
    Py_ssize_t text_len, text_cap;
    Search *search; /* scratch state, reused between solves */
    PyObject *last_neighbours; /* the object the scratch geometry was read from */
    PyObject *last_scores;
    PyObject *cells[MAX_CELLS]; /* (row, column) tuples for `cells_columns` */
    int cells_columns;
    Visit visit; /* the search, compiled for this CPU */
    Visit count; /* the same without the word and path */
} Solver;

static void pick_visit(Solver *s);

static int grow(void **buffer, Py_ssize_t *cap, Py_ssize_t need, size_t item) {
    if (need <= *cap) return 0;
    Py_ssize_t cap2 = *cap ? *cap : 256;
    while (cap2 < need) {
        if (cap2 > PY_SSIZE_T_MAX / 2 / (Py_ssize_t)item) {
            PyErr_NoMemory();
            return -1;
        }
        cap2 *= 2;
    }
    void *bigger = PyMem_Realloc(*buffer, item * (size_t)cap2);
    if (!bigger) {
        PyErr_NoMemory();
        return -1;
    }
    *buffer = bigger;
    *cap = cap2;
    return 0;
}

/* ---- construction: validation, word ranks, layout ---------------------- */

static int arcs_fit(Py_ssize_t n_arcs, uint64_t state) {
    uint64_t start = state >> ARC_SHIFT;
    uint64_t n = (uint64_t)popcount64(state & LETTER_MASK);
    return start + n <= (uint64_t)n_arcs;
}

typedef struct {
    const uint64_t *src;
    Py_ssize_t n;
    uint32_t *before;     /* per arc: ranks skipped by taking it */
    uint64_t *memo_state; /* the state whose arcs start here (0: not counted yet) */
    uint32_t *memo_words;
    uint8_t *busy;    /* per start: being counted (a second visit is a cycle) */
    uint8_t *claimed; /* per arc: owned by a node already (a second owner overlaps) */
} Counting;

/* Words reachable from `state` (itself included); fills `before` for its arcs.
 * Refuses (-1) cycles, arcs out of range, two different states sharing an arc
 * start and nodes whose arcs overlap: ranks would then be wrong and could index
 * past the bitset. */
static int64_t count_words(Counting *c, uint64_t state, int depth) {
    uint64_t mask = state & LETTER_MASK;
    if (!mask) return (state & DAWG_WORD_BIT) ? 1 : 0;
    if (!arcs_fit(c->n, state)) return -1;
    Py_ssize_t start = (Py_ssize_t)(state >> ARC_SHIFT);
    if (c->memo_state[start])
        return c->memo_state[start] == state ? (int64_t)c->memo_words[start] : -1;
    if (c->busy[start] || depth > MAX_DEPTH) return -1;
    c->busy[start] = 1;
    int64_t acc = (state & DAWG_WORD_BIT) ? 1 : 0;
    int n = popcount64(mask);
    for (int k = 0; k < n; k++) {
        if (c->claimed[start + k]) return -1;
        c->claimed[start + k] = 1;
    }
    for (int k = 0; k < n; k++) {
        c->before[start + k] = (uint32_t)acc;
        int64_t words = count_words(c, c->src[start + k], depth + 1);
        if (words < 0) return -1;
        acc += words;
        if (acc > UINT32_MAX) return -1;
    }
    c->busy[start] = 0;
    c->memo_state[start] = state;
    c->memo_words[start] = (uint32_t)acc;
    return acc;
}

static int bits_for(uint64_t n) {
    int bits = 0;
    while (bits < 64 && (UINT64_C(1) << bits) <= n) bits++;
    return bits;
}

/* Lay the (validated) nodes out again breadth first from the root, into `packed`
 * when start and rank offset fit together in a state's 37 spare bits, else `wide`.
 * `new_start` (one slot per arc, all -1) says where a node's arcs moved. */
static int relayout(Solver *self, Counting *c, uint64_t total, int64_t *new_start,
                    Py_ssize_t *queue) {
    int start_bits = bits_for((uint64_t)c->n), rank_bits = bits_for(total);
    int packed = start_bits + rank_bits <= 64 - ARC_SHIFT;
    self->start_mask = packed ? (UINT64_C(1) << start_bits) - 1 : ~UINT64_C(0);
    self->before_shift = ARC_SHIFT + start_bits;
    if (packed) self->packed = PyMem_Calloc((size_t)c->n + 1, sizeof(uint64_t));
    else self->wide = PyMem_Calloc((size_t)c->n + 1, sizeof(Arc));
    if (!self->packed && !self->wide) return -1;
    const uint64_t low = DAWG_WORD_BIT | LETTER_MASK;
    Py_ssize_t head = 0, tail = 0, next_free = 0;
    uint64_t root = self->root;
    if (root & LETTER_MASK) {
        Py_ssize_t start = (Py_ssize_t)(root >> ARC_SHIFT);
        new_start[start] = 0;
        next_free = popcount64(root & LETTER_MASK);
        queue[tail++] = start;
    }
    self->root = root & low;
    while (head < tail) {
        Py_ssize_t start = queue[head++];
        Py_ssize_t moved = (Py_ssize_t)new_start[start];
        int n = popcount64(c->memo_state[start] & LETTER_MASK);
        for (int k = 0; k < n; k++) {
            uint64_t child = c->src[start + k], state = child & low;
            if (child & LETTER_MASK) {
                Py_ssize_t at = (Py_ssize_t)(child >> ARC_SHIFT);
                if (new_start[at] < 0) {
                    new_start[at] = next_free;
                    next_free += popcount64(child & LETTER_MASK);
                    queue[tail++] = at;
                }
                state |= (uint64_t)new_start[at] << ARC_SHIFT;
            }
            if (packed) {
                self->packed[moved + k] = state | (uint64_t)c->before[start + k]
                                                      << self->before_shift;
            } else {
                self->wide[moved + k].state = state;
                self->wide[moved + k].before = c->before[start + k];
            }
        }
    }
    return 0;
}

static int Solver_init(Solver *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"arcs", "root", NULL};
    PyObject *arcs_obj;
    unsigned long long root;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OK", kwlist, &arcs_obj, &root)) return -1;
    if (self->search) {
        PyErr_SetString(PyExc_RuntimeError, "Solver already initialised");
        return -1;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(arcs_obj, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return -1;
    if (view.itemsize != 8 || view.format == NULL ||
        (strcmp(view.format, "Q") != 0 && strcmp(view.format, "L") != 0 &&
         strcmp(view.format, "<Q") != 0)) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_TypeError, "arcs must be a buffer of unsigned 64-bit integers");
        return -1;
    }
    Py_ssize_t n = view.len / 8;
    /* The search reads arcs and ranks without bounds checks: check the whole array first
     * (the counting below re-checks what it relies on, whatever the shared check says). */
    uint64_t checked_words = 0, at = 0;
    int fault = dawg_check((const uint64_t *)view.buf, (uint64_t)n, root,
                           DAWG_CHECK_MAX_LETTERS, &checked_words, &at);
    if (fault != DAWG_OK || !arcs_fit(n, root)) {
        PyBuffer_Release(&view);
        if (fault == DAWG_NO_MEMORY) return PyErr_NoMemory(), -1;
        PyErr_Format(PyExc_ValueError, "arcs do not form a valid DAWG (%s at %llu)",
                     fault != DAWG_OK ? dawg_check_code(fault) : "bad_root",
                     (unsigned long long)at);
        return -1;
    }
    Counting c = {(const uint64_t *)view.buf, n, NULL, NULL, NULL, NULL, NULL};
    size_t slots = (size_t)n + 1;
    c.before = PyMem_Calloc(slots, sizeof(uint32_t));
    c.memo_state = PyMem_Calloc(slots, sizeof(uint64_t));
    c.memo_words = PyMem_Calloc(slots, sizeof(uint32_t));
    c.busy = PyMem_Calloc(slots, 1);
    c.claimed = PyMem_Calloc(slots, 1);
    int64_t *new_start = PyMem_Malloc(slots * sizeof(int64_t));
    Py_ssize_t *queue = PyMem_Malloc(slots * sizeof(Py_ssize_t));
    int64_t total = -2;
    self->root = root;
    if (c.before && c.memo_state && c.memo_words && c.busy && c.claimed && new_start && queue) {
        total = count_words(&c, root, 0);
        for (size_t i = 0; i < slots; i++) new_start[i] = -1;
        if (total >= 0 && relayout(self, &c, (uint64_t)total, new_start, queue) < 0) total = -2;
    }
    PyBuffer_Release(&view);
    PyMem_Free(c.before);
    PyMem_Free(c.memo_state);
    PyMem_Free(c.memo_words);
    PyMem_Free(c.busy);
    PyMem_Free(c.claimed);
    PyMem_Free(new_start);
    PyMem_Free(queue);
    if (total == -2) {
        PyErr_NoMemory();
        return -1;
    }
    if (total < 0) {
        PyErr_SetString(PyExc_ValueError, "arcs do not form a valid DAWG");
        return -1;
    }
    self->word_count = (uint32_t)total;
    pick_visit(self);
    self->seen = PyMem_Calloc((size_t)total / 8 + 1, 1);
    self->search = PyMem_Calloc(1, sizeof(Search));
    self->found_cap = 1024;
    self->found = PyMem_Malloc(sizeof(uint32_t) * (size_t)self->found_cap);
    if (!self->seen || !self->search || !self->found) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Solver_dealloc(Solver *self) {
    PyMem_Free(self->packed);
    PyMem_Free(self->wide);
    PyMem_Free(self->seen);
    PyMem_Free(self->found);
    if (self->search) PyMem_Free(self->search->letters);
    PyMem_Free(self->search);
    PyMem_Free(self->hits);
    PyMem_Free(self->hit_letters);
    PyMem_Free(self->hit_cells);
    PyMem_Free(self->text);
    Py_XDECREF(self->last_neighbours);
    Py_XDECREF(self->last_scores);
    for (int c = 0; c < MAX_CELLS; c++) Py_XDECREF(self->cells[c]);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* ---- the search ------------------------------------------------------- */

static int remember(Solver *s, Search *q, uint32_t rank) {
    if (q->n_found == s->found_cap &&
        grow((void **)&s->found, &s->found_cap, q->n_found + 1, sizeof(uint32_t)) < 0)
        return -1;
    s->found[q->n_found++] = rank;
    s->seen[rank >> 3] |= (uint8_t)(1u << (rank & 7));
    return 0;
}

static int emit(Search *q, const char *word, int length) {
    PyObject *text = PyUnicode_FromStringAndSize(word, length);
    PyObject *path = PyTuple_New(q->path_len);
    if (!text || !path) goto fail;
    for (int i = 0; i < q->path_len; i++) {
        PyObject *cell = PyLong_FromLong(q->path[i]);
        if (!cell) goto fail;
        PyTuple_SET_ITEM(path, i, cell);
    }
    PyObject *pair = PyTuple_Pack(2, text, path);
    Py_DECREF(text);
    Py_DECREF(path);
    if (!pair) return -1;
    int rc = PyList_Append(q->out, pair);
    Py_DECREF(pair);
    return rc;
fail:
    Py_XDECREF(text);
    Py_XDECREF(path);
    return -1;
}

/* Keep the word just found (its letters and path) in the solver's C buffers. */
static int keep(Solver *s, Search *q, uint32_t rank, const char *word, int length) {
    if (grow((void **)&s->hits, &s->hits_cap, q->n_found, sizeof(Hit)) < 0 ||
        grow((void **)&s->hit_letters, &s->letters_cap, s->letters_len + length, 1) < 0 ||
        grow((void **)&s->hit_cells, &s->cells_cap, s->cells_len + q->path_len, 1) < 0)
        return -1;
    Hit *hit = &s->hits[q->n_found - 1];
    hit->rank = rank;
    hit->letters_at = (uint32_t)s->letters_len;
    hit->cells_at = (uint32_t)s->cells_len;
    hit->n_letters = (uint32_t)length;
    hit->n_cells = (uint32_t)q->path_len;
    memcpy(s->hit_letters + s->letters_len, word, (size_t)length);
    s->letters_len += length;
    memcpy(s->hit_cells + s->cells_len, q->path, (size_t)q->path_len);
    s->cells_len += q->path_len;
    return 0;
}

/* Enter `cell` from `state` (its first letter is known to leave `state`). The
 * word buffer has room for every face's letters, the longest word a path spells.
 * A macro as a template: defined for any CPU and with the popcnt instruction
 * (picked at run time), each keeping the word and path (TRACK) or counting only. */
#define DEFINE_VISIT(NAME, ATTRIBUTES, POPCOUNT, TRACK)                                       \
    static ATTRIBUTES void NAME(Solver *s, Search *q, char *word, int cell, uint64_t state,   \
                                uint32_t rank, int length) {                                  \
        const char *face = q->letters + q->face_at[cell];                                     \
        int n = q->face_len[cell];                                                            \
        for (int i = 0; i < n; i++) {                                                         \
            int code = face[i] - 'A';                                                         \
            if (!((state >> code) & 1)) return;                                               \
            uint64_t at = ((state >> ARC_SHIFT) & s->start_mask) +                            \
                          (uint64_t)POPCOUNT(state & ((UINT64_C(1) << code) - 1));            \
            if (s->packed) {                                                                  \
                state = s->packed[at];                                                        \
                rank += (uint32_t)(state >> s->before_shift);                                 \
            } else {                                                                          \
                rank += (uint32_t)s->wide[at].before;                                         \
                state = s->wide[at].state;                                                    \
            }                                                                                 \
            if (TRACK) word[length] = face[i];                                                \
            length++;                                                                         \
        }                                                                                     \
        if (TRACK) q->path[q->path_len++] = (uint8_t)cell;                                    \
        if ((state & DAWG_WORD_BIT) && length >= q->min_letters &&                            \
            !(s->seen[rank >> 3] & (1u << (rank & 7)))) {                                     \
            if (found(s, q, rank, word, length) < 0) {                                        \
                q->failed = 1;                                                                \
                return;                                                                       \
            }                                                                                 \
        }                                                                                     \
        if (state & q->around[cell]) {                                                        \
            q->used[cell] = 1;                                                                \
            int end = q->nb_start[cell + 1];                                                  \
            for (int k = q->nb_start[cell]; k < end && !q->failed; k++) {                     \
                int next = q->nb[k];                                                          \
                if ((state & q->first_bit[next]) && !q->used[next])                           \
                    NAME(s, q, word, next, state, rank, length);                              \
            }                                                                                 \
            q->used[cell] = 0;                                                                \
        }                                                                                     \
        if (TRACK) q->path_len--;                                                             \
    }

/* A word not met before in this solve: count it, and keep or emit it. */
static int found(Solver *s, Search *q, uint32_t rank, const char *word, int length) {
    if (remember(s, q, rank) < 0 || (q->mode == EMIT && emit(q, word, length) < 0) ||
        (q->mode == KEEP && keep(s, q, rank, word, length) < 0))
        return -1;
    q->points += q->scores[length < SCORED ? length : SCORED];
    return 0;
}

DEFINE_VISIT(visit_any, , popcount64, 1)
DEFINE_VISIT(count_any, , popcount64, 0)
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__)
#define POPCNT __attribute__((target("popcnt")))
DEFINE_VISIT(visit_popcnt, POPCNT, __builtin_popcountll, 1)
DEFINE_VISIT(count_popcnt, POPCNT, __builtin_popcountll, 0)
static void pick_visit(Solver *s) {
    int fast = __builtin_cpu_supports("popcnt");
    s->visit = fast ? visit_popcnt : visit_any;
    s->count = fast ? count_popcnt : count_any;
}
#else
static void pick_visit(Solver *s) {
    s->visit = visit_any;
    s->count = count_any;
}
#endif

/* ---- reading a grid ---------------------------------------------------- */

static int bad_grid(const char *why) {
    PyErr_Format(PyExc_ValueError, "bad grid text: %s", why);
    return -1;
}

/* The characters of a grid given as str or bytes (ASCII in a valid grid). */
static const char *grid_text(PyObject *grid, Py_ssize_t *len) {
    if (PyBytes_Check(grid)) {
        *len = PyBytes_GET_SIZE(grid);
        return PyBytes_AS_STRING(grid);
    }
    if (PyUnicode_Check(grid)) return PyUnicode_AsUTF8AndSize(grid, len);
    PyErr_SetString(PyExc_TypeError, "a grid is a str or bytes");
    return NULL;
}

/* Faces from the printed form run together ("QuAB_C..."). */
static int load_text(Search *q, PyObject *grid) {
    Py_ssize_t len;
    const char *text = grid_text(grid, &len);
    if (!text) return -1;
    if (len > MAX_TEXT) return bad_grid("more than 2**24 characters");
    /* letters (at most len) then a word buffer of the same size */
    if (grow((void **)&q->letters, &q->letters_cap, 2 * len + 2, 1) < 0) return -1;
    int n = 0;
    Py_ssize_t k = 0;
    for (Py_ssize_t i = 0; i < len; i++) {
        char ch = text[i];
        if ((ch >= 'A' && ch <= 'Z') || ch == '_') {
            if (n == MAX_CELLS) return bad_grid("more than 100 faces");
            q->face_at[n] = (int)k;
            q->face_len[n] = 0;
            q->print_at[n] = (int)i;
            q->print_len[n] = 0;
            n++;
            if (ch == '_') {
                q->first_bit[n - 1] = 0;
                q->print_len[n - 1] = 1;
                continue;
            }
            q->first_bit[n - 1] = UINT64_C(1) << (ch - 'A');
        } else if (ch >= 'a' && ch <= 'z') {
            if (n == 0 || q->face_len[n - 1] == 0) return bad_grid("lower case outside a face");
            ch = (char)(ch - 'a' + 'A');
        } else {
            return bad_grid("a character other than A-Z, a-z, _");
        }
        q->letters[k++] = ch;
        q->face_len[n - 1]++;
        q->print_len[n - 1]++;
    }
    if (n == 0) return bad_grid("no face");
    q->n_cells = n;
    q->n_letters = k;
    return 0;
}

/* Faces as a sequence of folded strings (A-Z only, "" for a blank). */
static int load_faces(Search *q, PyObject *faces) {
    PyObject *seq = PySequence_Fast(faces, "faces must be a sequence of strings");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n < 1 || n > MAX_CELLS) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "a grid has 1 to %d cells", MAX_CELLS);
        return -1;
    }
    Py_ssize_t k = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t len;
        const char *text = PyUnicode_AsUTF8AndSize(PySequence_Fast_GET_ITEM(seq, i), &len);
        if (!text) goto fail;
        if (k + len > MAX_TEXT) {
            PyErr_SetString(PyExc_ValueError, "faces of more than 2**24 letters in all");
            goto fail;
        }
        if (grow((void **)&q->letters, &q->letters_cap, 2 * (k + len) + 2, 1) < 0) goto fail;
        for (Py_ssize_t j = 0; j < len; j++) {
            if (text[j] < 'A' || text[j] > 'Z') {
                PyErr_SetString(PyExc_ValueError, "a face is upper-case letters A-Z");
                goto fail;
            }
        }
        memcpy(q->letters + k, text, (size_t)len);
        q->face_at[i] = (int)k;
        q->face_len[i] = (int)len;
        q->print_at[i] = q->print_len[i] = 0;
        q->first_bit[i] = len ? UINT64_C(1) << (text[0] - 'A') : 0;
        k += len;
    }
    q->n_cells = (int)n;
    q->n_letters = k;
    Py_DECREF(seq);
    return 0;
fail:
    Py_DECREF(seq);
    return -1;
}

/* B4: king moves on a `side` x `side` grid, neighbours in increasing order. */
static void square_geometry(Search *q, int side) {
    int k = 0;
    for (int cell = 0; cell < side * side; cell++) {
        int row = cell / side, col = cell % side;
        q->nb_start[cell] = k;
        for (int r = row - 1; r <= row + 1; r++)
            for (int c = col - 1; c <= col + 1; c++)
                if (r >= 0 && r < side && c >= 0 && c < side && (r != row || c != col))
                    q->nb[k++] = (uint8_t)(r * side + c);
    }
    q->nb_start[side * side] = k;
    q->geometry = side;
}

static int load_neighbours(Search *q, PyObject *neighbours) {
    PyObject *seq = PySequence_Fast(neighbours, "neighbours must be a sequence of sequences");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != q->n_cells) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "one neighbour list per cell");
        return -1;
    }
    int k = 0;
    for (int i = 0; i < q->n_cells; i++) {
        q->nb_start[i] = k;
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, i), "neighbours of a cell");
        if (!row) goto fail;
        Py_ssize_t m = PySequence_Fast_GET_SIZE(row);
        for (Py_ssize_t j = 0; j < m; j++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(row, j));
            if (v == -1 && PyErr_Occurred()) {
                Py_DECREF(row);
                goto fail;
            }
            if (v < 0 || v >= q->n_cells || k >= MAX_CELLS * MAX_CELLS) {
                Py_DECREF(row);
                PyErr_SetString(PyExc_ValueError, "neighbour index out of range");
                goto fail;
            }
            q->nb[k++] = (uint8_t)v;
        }
        Py_DECREF(row);
    }
    q->nb_start[q->n_cells] = k;
    q->geometry = -1;
    Py_DECREF(seq);
    return 0;
fail:
    q->geometry = 0;
    Py_DECREF(seq);
    return -1;
}

static int load_scores(Search *q, PyObject *scores) {
    PyObject *seq = PySequence_Fast(scores, "scores must be a sequence of integers");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n < 1) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "the score table is empty");
        return -1;
    }
    for (Py_ssize_t len = 0; len <= SCORED; len++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, len < n ? len : n - 1));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        q->scores[len] = v;
    }
    Py_DECREF(seq);
    return 0;
}

static int use_scores(Solver *self, PyObject *scores) {
    if (scores == self->last_scores) return 0;
    Py_CLEAR(self->last_scores);
    if (load_scores(self->search, scores) < 0) return -1;
    Py_INCREF(scores);
    self->last_scores = scores;
    return 0;
}

/* The grid's geometry for text input: the square of `columns` (built once per side). */
static int use_square(Solver *self, int columns) {
    Search *q = self->search;
    if (columns < 1 || columns > MAX_SIDE || q->n_cells != columns * columns) {
        PyErr_Format(PyExc_ValueError, "%d faces do not make a %dx%d grid", q->n_cells, columns,
                     columns);
        return -1;
    }
    if (q->geometry != columns) {
        Py_CLEAR(self->last_neighbours);
        square_geometry(q, columns);
    }
    q->columns = columns;
    return 0;
}

static int use_neighbours(Solver *self, PyObject *neighbours, int previous_cells) {
    Search *q = self->search;
    if (q->geometry == -1 && neighbours == self->last_neighbours && q->n_cells == previous_cells)
        return 0;
    Py_CLEAR(self->last_neighbours);
    if (load_neighbours(q, neighbours) < 0) return -1;
    Py_INCREF(neighbours);
    self->last_neighbours = neighbours;
    return 0;
}

/* One solve of the loaded grid; ranks seen are cleared before returning. */
static int run(Solver *self, int mode, PyObject *out) {
    Search *q = self->search;
    for (int cell = 0; cell < q->n_cells; cell++) {
        uint64_t around = 0;
        for (int k = q->nb_start[cell]; k < q->nb_start[cell + 1]; k++)
            around |= q->first_bit[q->nb[k]];
        q->around[cell] = around;
        q->used[cell] = 0;
    }
    q->mode = mode;
    q->out = out;
    self->letters_len = 0;
    self->cells_len = 0;
    q->path_len = 0;
    q->n_found = 0;
    q->points = 0;
    q->failed = 0;
    char *word = q->letters + q->n_letters;
    for (int cell = 0; cell < q->n_cells && !q->failed; cell++)
        if (self->root & q->first_bit[cell])
            (mode == COUNT ? self->count : self->visit)(self, q, word, cell, self->root, 0, 0);
    for (Py_ssize_t i = 0; i < q->n_found; i++) {
        uint32_t rank = self->found[i];
        self->seen[rank >> 3] &= (uint8_t)~(1u << (rank & 7));
    }
    q->out = NULL;
    return q->failed ? -1 : 0;
}

static int compare_hits(const void *a, const void *b) {
    uint32_t x = ((const Hit *)a)->rank, y = ((const Hit *)b)->rank;
    return (x > y) - (x < y);
}

/* ---- entry points ----------------------------------------------------- */

static PyObject *Solver_solve(Solver *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"faces", "neighbours", "min_letters", "scores", "paths", NULL};
    PyObject *faces, *neighbours, *scores;
    int min_letters, with_paths = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOiO|p", kwlist, &faces, &neighbours,
                                     &min_letters, &scores, &with_paths))
        return NULL;
    Search *q = self->search;
    int previous_cells = q->n_cells;
    if (load_faces(q, faces) < 0 || use_neighbours(self, neighbours, previous_cells) < 0 ||
        use_scores(self, scores) < 0)
        return NULL;
    q->min_letters = min_letters;
    PyObject *out = NULL;
    if (with_paths && !(out = PyList_New(0))) return NULL;
    if (run(self, with_paths ? EMIT : COUNT, out) < 0) {
        Py_XDECREF(out);
        return NULL;
    }
    PyObject *result = Py_BuildValue("nLO", q->n_found, q->points, out ? out : Py_None);
    Py_XDECREF(out);
    return result;
}

/* The (row, column) tuples of a grid of `columns`, made once and shared by every path. */
static int use_cells(Solver *self, int columns) {
    if (self->cells_columns == columns) return 0;
    for (int c = 0; c < MAX_CELLS; c++) Py_CLEAR(self->cells[c]);
    self->cells_columns = 0;
    for (int c = 0; c < columns * columns; c++) {
        if (!(self->cells[c] = Py_BuildValue("(ii)", c / columns, c % columns))) return -1;
        PyObject_GC_UnTrack(self->cells[c]); /* two ints: can be in no cycle */
    }
    self->cells_columns = columns;
    return 0;
}

/* Every word of a grid in alphabetical order, as a tuple of row_type(word, points, path).
 * Rows hold only strings, ints and tuples of those, so they are untracked by the cyclic
 * collector: keeping millions of them costs it nothing. */
static PyObject *Solver_rows(Solver *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"grid", "columns", "min_letters", "scores", "row_type", NULL};
    PyObject *grid, *scores;
    PyTypeObject *row_type = &PyTuple_Type;
    int min_letters, columns;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OiiO|O!", kwlist, &grid, &columns,
                                     &min_letters, &scores, &PyType_Type, &row_type))
        return NULL;
    if (!PyType_IsSubtype(row_type, &PyTuple_Type) || row_type->tp_dictoffset != 0) {
        PyErr_SetString(PyExc_TypeError, "row_type must be a tuple type (a NamedTuple)");
        return NULL;
    }
    Search *q = self->search;
    if (load_text(q, grid) < 0 || use_square(self, columns) < 0 || use_scores(self, scores) < 0 ||
        use_cells(self, columns) < 0)
        return NULL;
    q->min_letters = min_letters;
    if (run(self, KEEP, NULL) < 0) return NULL;
    Py_ssize_t n = q->n_found;
    qsort(self->hits, (size_t)n, sizeof(Hit), compare_hits);
    PyObject *rows = PyTuple_New(n);
    if (!rows) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        const Hit *hit = &self->hits[i];
        PyObject *word = PyUnicode_FromStringAndSize(self->hit_letters + hit->letters_at,
                                                     hit->n_letters);
        PyObject *points =
            PyLong_FromLong(q->scores[hit->n_letters < SCORED ? hit->n_letters : SCORED]);
        PyObject *path = PyTuple_New(hit->n_cells);
        PyObject *row = (word && points && path) ? row_type->tp_alloc(row_type, 3) : NULL;
        if (!row) {
            Py_XDECREF(word);
            Py_XDECREF(points);
            Py_XDECREF(path);
            Py_DECREF(rows);
            return NULL;
        }
        for (uint32_t k = 0; k < hit->n_cells; k++) {
            PyObject *cell = self->cells[self->hit_cells[hit->cells_at + k]];
            Py_INCREF(cell);
            PyTuple_SET_ITEM(path, k, cell);
        }
        PyObject_GC_UnTrack(path);
        PyTuple_SET_ITEM(row, 0, word);
        PyTuple_SET_ITEM(row, 1, points);
        PyTuple_SET_ITEM(row, 2, path);
        if (PyObject_IS_GC(row)) PyObject_GC_UnTrack(row);
        PyTuple_SET_ITEM(rows, i, row);
    }
    PyObject_GC_UnTrack(rows);
    return rows;
}

static PyObject *grid_list(PyObject *grids) {
    return PySequence_Fast(grids, "grids must be a sequence of str or bytes");
}

/* (count, points) of each grid of a list, all of one side. */
static PyObject *Solver_totals(Solver *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"grids", "columns", "min_letters", "scores", NULL};
    PyObject *grids, *scores;
    int min_letters, columns;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OiiO", kwlist, &grids, &columns, &min_letters,
                                     &scores))
        return NULL;
    if (!(grids = grid_list(grids))) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(grids);
    PyObject *results = PyList_New(n);
    if (!results || use_scores(self, scores) < 0) goto fail;
    Search *q = self->search;
    q->min_letters = min_letters;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (load_text(q, PySequence_Fast_GET_ITEM(grids, i)) < 0 || use_square(self, columns) < 0 ||
            run(self, COUNT, NULL) < 0)
            goto fail;
        PyObject *pair = Py_BuildValue("nL", q->n_found, q->points);
        if (!pair) goto fail;
        PyList_SET_ITEM(results, i, pair);
    }
    Py_DECREF(grids);
    return results;
fail:
    Py_XDECREF(results);
    Py_DECREF(grids);
    return NULL;
}

/* ---- JSON lines ------------------------------------------------------- */

static int put(Solver *s, const char *bytes, Py_ssize_t n) {
    if (grow((void **)&s->text, &s->text_cap, s->text_len + n, 1) < 0) return -1;
    memcpy(s->text + s->text_len, bytes, (size_t)n);
    s->text_len += n;
    return 0;
}

#define PUT_LITERAL(s, literal) put((s), (literal), (Py_ssize_t)sizeof(literal) - 1)

static int put_number(Solver *s, long long value) {
    char digits[32];
    int n = snprintf(digits, sizeof digits, "%lld", value);
    return put(s, digits, n);
}

/* {"grid": "ORTE/BEST/INAM/GTED", "count": N, "points": P — the faces as printed. */
static int put_head(Solver *s, const char *text) {
    Search *q = s->search;
    if (PUT_LITERAL(s, "{\"grid\": \"") < 0) return -1;
    for (int c = 0; c < q->n_cells; c++) {
        if (c && c % q->columns == 0 && put(s, "/", 1) < 0) return -1;
        if (put(s, text + q->print_at[c], q->print_len[c]) < 0) return -1;
    }
    return PUT_LITERAL(s, "\", \"count\": ") < 0 || put_number(s, q->n_found) < 0 ||
                   PUT_LITERAL(s, ", \"points\": ") < 0 || put_number(s, q->points) < 0
               ? -1
               : 0;
}

/* , "words": [{"word": "W", "points": p, "path": [[r, c], ...]}, ...] in alphabetical order. */
static int put_words(Solver *s) {
    Search *q = s->search;
    qsort(s->hits, (size_t)q->n_found, sizeof(Hit), compare_hits);
    if (PUT_LITERAL(s, ", \"words\": [") < 0) return -1;
    for (Py_ssize_t i = 0; i < q->n_found; i++) {
        const Hit *hit = &s->hits[i];
        if ((i && PUT_LITERAL(s, ", ") < 0) || PUT_LITERAL(s, "{\"word\": \"") < 0 ||
            put(s, s->hit_letters + hit->letters_at, hit->n_letters) < 0 ||
            PUT_LITERAL(s, "\", \"points\": ") < 0 ||
            put_number(s, q->scores[hit->n_letters < SCORED ? hit->n_letters : SCORED]) < 0 ||
            PUT_LITERAL(s, ", \"path\": [") < 0)
            return -1;
        for (uint32_t k = 0; k < hit->n_cells; k++) {
            int cell = s->hit_cells[hit->cells_at + k];
            char pair[16];
            int n = snprintf(pair, sizeof pair, "%s[%d, %d]", k ? ", " : "", cell / q->columns,
                             cell % q->columns);
            if (put(s, pair, n) < 0) return -1;
        }
        if (PUT_LITERAL(s, "]}") < 0) return -1;
    }
    return PUT_LITERAL(s, "]");
}

/* The lines of `boggle solve --batch --json` (with `words`) or `--score-only --json`. */
static PyObject *Solver_json_lines(Solver *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"grids", "columns", "min_letters", "scores", "words", NULL};
    PyObject *grids, *scores;
    int min_letters, columns, words;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OiiOp", kwlist, &grids, &columns, &min_letters,
                                     &scores, &words))
        return NULL;
    if (!(grids = grid_list(grids))) return NULL;
    PyObject *result = NULL;
    Search *q = self->search;
    Py_ssize_t length;
    self->text_len = 0;
    if (use_scores(self, scores) < 0) goto done;
    q->min_letters = min_letters;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(grids); i++) {
        PyObject *grid = PySequence_Fast_GET_ITEM(grids, i);
        if (load_text(q, grid) < 0 || use_square(self, columns) < 0 ||
            run(self, words ? KEEP : COUNT, NULL) < 0 ||
            put_head(self, grid_text(grid, &length)) < 0 || (words && put_words(self) < 0) ||
            PUT_LITERAL(self, "}\n") < 0)
            goto done;
    }
    result = PyBytes_FromStringAndSize(self->text, self->text_len);
done:
    Py_DECREF(grids);
    return result;
}

static PyObject *Solver_get_word_count(Solver *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLong(self->word_count);
}

static PyMethodDef Solver_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))Solver_solve, METH_VARARGS | METH_KEYWORDS,
     "solve(faces, neighbours, min_letters, scores, paths=True) -> (count, points, words)\n\n"
     "Any geometry. faces: one upper-case string per cell ('' for a blank face);\n"
     "neighbours: the cells adjacent to each cell, in search order; scores[n]: points of an\n"
     "n-letter word (the last entry for longer words). words is a list of (word, path) in\n"
     "the order found, or None when paths is false."},
    {"rows", (PyCFunction)(void (*)(void))Solver_rows, METH_VARARGS | METH_KEYWORDS,
     "rows(grid, columns, min_letters, scores, row_type=tuple) -> tuple of rows\n\n"
     "A square grid in printed form run together ('QuAB_...', str or bytes). Every word in alphabetical\n"
     "order as row_type(word, points, path), the path as (row, column) cells; row_type is\n"
     "a tuple type of three items without a __dict__ (a NamedTuple)."},
    {"totals", (PyCFunction)(void (*)(void))Solver_totals, METH_VARARGS | METH_KEYWORDS,
     "totals(grids, columns, min_letters, scores) -> [(count, points), ...]\n\n"
     "A list of grids of one side, in printed form run together: the fastest path."},
    {"json_lines", (PyCFunction)(void (*)(void))Solver_json_lines, METH_VARARGS | METH_KEYWORDS,
     "json_lines(grids, columns, min_letters, scores, words) -> bytes\n\n"
     "One JSON object a line per grid, as `boggle solve --batch --json` prints it: grid,\n"
     "count, points, and with `words` every word with its points and path."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Solver_getset[] = {
    {"word_count", (getter)Solver_get_word_count, NULL, "words in the DAWG", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "motamot.boggle._kernel.Solver",
    .tp_basicsize = sizeof(Solver),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Solver(arcs, root): a Boggle solver bound to one compiled lexicon.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
    .tp_getset = Solver_getset,
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "motamot.boggle._kernel",
    "Compiled Boggle solver (optional; the pure-Python solver is the reference).", -1, NULL,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    if (PyType_Ready(&SolverType) < 0) return NULL;
    PyObject *m = PyModule_Create(&kernel_module);
    if (!m) return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
