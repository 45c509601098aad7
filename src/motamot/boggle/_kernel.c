/*
 * Compiled Boggle solver over motamot's DAWG (see motamot/lexicon/dawg.py).
 *
 * The DAWG is one flat array of uint64 states: bits 0-25 the letters that
 * leave the node, bit 26 "a word ends here", bits 27+ where the node's arcs
 * start. At construction the kernel numbers every word by its alphabetical
 * rank (the classic DAWG perfect hash: for each arc, how many words sort
 * before the words that take it), so a solve can tell a word it has already
 * found with one bit of a bitset instead of a string hash.
 *
 * The search is the pure-Python reference's, step for step: start cells in
 * the order given, neighbours in the order given, depth first, and a word's
 * path is the first one met. Both must give identical results.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "../dawg_check.h"

#define LETTER_MASK ((UINT64_C(1) << 26) - 1)
#define DAWG_WORD_BIT (UINT64_C(1) << 26)
#define ARC_SHIFT 27
#define MAX_CELLS 64
#define MAX_FACE 8
#define MAX_WORD 256

static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }

typedef struct Search {
    struct Solver *s;
    int n_cells;
    char faces[MAX_CELLS][MAX_FACE];
    int face_len[MAX_CELLS];
    uint64_t first_bit[MAX_CELLS]; /* the bit of a face's first letter, 0 for a blank */
    int nb_start[MAX_CELLS + 1];
    int nb[MAX_CELLS * MAX_CELLS];
    int min_letters;
    long scores[MAX_WORD + 1];
    uint64_t used;
    char word[MAX_WORD + MAX_FACE];
    int path[MAX_CELLS];
    int path_len;
    Py_ssize_t n_found;
    long long points;
    PyObject *out; /* list of (word, path) or NULL for score only */
    int collect;   /* keep each new word and path in the C buffers below instead */
    int failed;
} Search;

/* A word found by a collecting solve: where its letters and cells are kept. */
typedef struct {
    uint32_t rank, letters_at, cells_at;
    uint16_t n_letters, n_cells;
} Hit;

typedef struct Solver {
    PyObject_HEAD
    Py_buffer view;
    const uint64_t *arcs;
    Py_ssize_t n_arcs;
    uint64_t root;
    uint32_t *before;   /* per arc: ranks skipped by taking it */
    uint32_t word_count;
    uint8_t *seen;      /* one bit per word rank, all clear between solves */
    uint32_t *found;    /* ranks set during the current solve */
    Py_ssize_t found_cap;
    Hit *hits;
    Py_ssize_t hits_cap;
    char *hit_letters;
    Py_ssize_t letters_len, letters_cap;
    uint8_t *hit_cells;
    Py_ssize_t cells_len, cells_cap;
    Search *search; /* scratch state, reused between solves */
    PyObject *last_neighbours; /* the objects the scratch geometry was read from */
    PyObject *last_scores;
} Solver;

/* ---- construction: validation and word ranks ------------------------- */

static int arcs_fit(const Solver *s, uint64_t state) {
    uint64_t start = state >> ARC_SHIFT;
    uint64_t n = (uint64_t)popcount64(state & LETTER_MASK);
    return start + n <= (uint64_t)s->n_arcs;
}

/* Words reachable from `state` (itself included); fills `before` for its arcs. */
static int64_t count_words(Solver *s, uint64_t state, uint32_t *memo, uint8_t *busy, int depth) {
    uint64_t mask = state & LETTER_MASK;
    if (!mask) return (state & DAWG_WORD_BIT) ? 1 : 0;
    Py_ssize_t start = (Py_ssize_t)(state >> ARC_SHIFT);
    if (memo[start]) return memo[start];
    if (busy[start] || depth > MAX_WORD) return -1; /* a cycle: not a DAWG */
    busy[start] = 1;
    int64_t acc = (state & DAWG_WORD_BIT) ? 1 : 0;
    int n = popcount64(mask);
    for (int k = 0; k < n; k++) {
        uint64_t child = s->arcs[start + k];
        if (!arcs_fit(s, child)) return -1;
        s->before[start + k] = (uint32_t)acc;
        int64_t c = count_words(s, child, memo, busy, depth + 1);
        if (c < 0) return -1;
        acc += c;
        if (acc > UINT32_MAX) return -1;
    }
    busy[start] = 0;
    memo[start] = (uint32_t)acc;
    return acc;
}

static int Solver_init(Solver *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"arcs", "root", NULL};
    PyObject *arcs_obj;
    unsigned long long root;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OK", kwlist, &arcs_obj, &root)) return -1;
    if (self->arcs) {
        PyErr_SetString(PyExc_RuntimeError, "Solver already initialised");
        return -1;
    }
    if (PyObject_GetBuffer(arcs_obj, &self->view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return -1;
    if (self->view.itemsize != 8 || self->view.format == NULL ||
        (strcmp(self->view.format, "Q") != 0 && strcmp(self->view.format, "L") != 0 &&
         strcmp(self->view.format, "<Q") != 0)) {
        PyBuffer_Release(&self->view);
        PyErr_SetString(PyExc_TypeError, "arcs must be a buffer of unsigned 64-bit integers");
        return -1;
    }
    self->arcs = (const uint64_t *)self->view.buf;
    self->n_arcs = self->view.len / 8;
    self->root = root;
    /* The search reads arcs and ranks without bounds checks: check the whole array first. */
    uint64_t checked_words = 0, at = 0;
    int fault = dawg_check(self->arcs, (uint64_t)self->n_arcs, root, MAX_WORD, &checked_words, &at);
    if (fault == DAWG_NO_MEMORY) {
        PyErr_NoMemory();
        return -1;
    }
    if (fault != DAWG_OK) {
        PyErr_Format(PyExc_ValueError, "arcs do not form a valid DAWG (%s at %llu)",
                     dawg_check_code(fault), (unsigned long long)at);
        return -1;
    }
    self->before = PyMem_Calloc((size_t)self->n_arcs + 1, sizeof(uint32_t));
    uint32_t *memo = PyMem_Calloc((size_t)self->n_arcs + 1, sizeof(uint32_t));
    uint8_t *busy = PyMem_Calloc((size_t)self->n_arcs + 1, 1);
    if (!self->before || !memo || !busy) {
        PyMem_Free(memo);
        PyMem_Free(busy);
        PyErr_NoMemory();
        return -1;
    }
    int64_t total = count_words(self, root, memo, busy, 0);
    PyMem_Free(memo);
    PyMem_Free(busy);
    if (total < 0) {
        PyErr_SetString(PyExc_ValueError, "arcs do not form a valid DAWG");
        return -1;
    }
    self->word_count = (uint32_t)total;
    self->seen = PyMem_Calloc((size_t)total / 8 + 1, 1);
    self->search = PyMem_Calloc(1, sizeof(Search));
    if (!self->search) {
        PyErr_NoMemory();
        return -1;
    }
    self->search->s = self;
    self->found_cap = 1024;
    self->found = PyMem_Malloc(sizeof(uint32_t) * (size_t)self->found_cap);
    if (!self->seen || !self->found) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Solver_dealloc(Solver *self) {
    if (self->arcs) PyBuffer_Release(&self->view);
    PyMem_Free(self->before);
    PyMem_Free(self->seen);
    PyMem_Free(self->found);
    PyMem_Free(self->search);
    PyMem_Free(self->hits);
    PyMem_Free(self->hit_letters);
    PyMem_Free(self->hit_cells);
    Py_XDECREF(self->last_neighbours);
    Py_XDECREF(self->last_scores);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* ---- the search ------------------------------------------------------- */


static int remember(Search *q, uint32_t rank) {
    Solver *s = q->s;
    if (q->n_found == s->found_cap) {
        Py_ssize_t cap = s->found_cap * 2;
        uint32_t *grown = PyMem_Realloc(s->found, sizeof(uint32_t) * (size_t)cap);
        if (!grown) {
            PyErr_NoMemory();
            return -1;
        }
        s->found = grown;
        s->found_cap = cap;
    }
    s->found[q->n_found++] = rank;
    s->seen[rank >> 3] |= (uint8_t)(1u << (rank & 7));
    return 0;
}

static int emit(Search *q, int length) {
    PyObject *word = PyUnicode_FromStringAndSize(q->word, length);
    PyObject *path = PyTuple_New(q->path_len);
    if (!word || !path) goto fail;
    for (int i = 0; i < q->path_len; i++) {
        PyObject *cell = PyLong_FromLong(q->path[i]);
        if (!cell) goto fail;
        PyTuple_SET_ITEM(path, i, cell);
    }
    PyObject *pair = PyTuple_Pack(2, word, path);
    Py_DECREF(word);
    Py_DECREF(path);
    if (!pair) return -1;
    int rc = PyList_Append(q->out, pair);
    Py_DECREF(pair);
    return rc;
fail:
    Py_XDECREF(word);
    Py_XDECREF(path);
    return -1;
}

static int grow(void **buffer, Py_ssize_t *cap, Py_ssize_t need, size_t item) {
    if (need <= *cap) return 0;
    Py_ssize_t cap2 = *cap ? *cap : 256;
    while (cap2 < need) cap2 *= 2;
    void *bigger = PyMem_Realloc(*buffer, item * (size_t)cap2);
    if (!bigger) {
        PyErr_NoMemory();
        return -1;
    }
    *buffer = bigger;
    *cap = cap2;
    return 0;
}

/* Keep the word just found (its letters and path) in the solver's C buffers. */
static int keep(Search *q, uint32_t rank, int length) {
    Solver *s = q->s;
    if (grow((void **)&s->hits, &s->hits_cap, q->n_found, sizeof(Hit)) < 0 ||
        grow((void **)&s->hit_letters, &s->letters_cap, s->letters_len + length, 1) < 0 ||
        grow((void **)&s->hit_cells, &s->cells_cap, s->cells_len + q->path_len, 1) < 0)
        return -1;
    Hit *hit = &s->hits[q->n_found - 1];
    hit->rank = rank;
    hit->letters_at = (uint32_t)s->letters_len;
    hit->cells_at = (uint32_t)s->cells_len;
    hit->n_letters = (uint16_t)length;
    hit->n_cells = (uint16_t)q->path_len;
    memcpy(s->hit_letters + s->letters_len, q->word, (size_t)length);
    s->letters_len += length;
    for (int i = 0; i < q->path_len; i++) s->hit_cells[s->cells_len++] = (uint8_t)q->path[i];
    return 0;
}

static void visit(Search *q, int cell, uint64_t state, uint32_t rank, int length) {
    const Solver *s = q->s;
    int n = q->face_len[cell];
    if (n == 0 || length + n > MAX_WORD) return;
    for (int i = 0; i < n; i++) {
        int code = q->faces[cell][i] - 'A';
        if (!((state >> code) & 1)) return;
        Py_ssize_t arc = (Py_ssize_t)(state >> ARC_SHIFT) +
                         popcount64(state & ((UINT64_C(1) << code) - 1));
        rank += s->before[arc];
        state = s->arcs[arc];
        q->word[length++] = q->faces[cell][i];
    }
    q->path[q->path_len++] = cell;
    if ((state & DAWG_WORD_BIT) && length >= q->min_letters &&
        !(s->seen[rank >> 3] & (1u << (rank & 7)))) {
        if (remember(q, rank) < 0 || (q->out && emit(q, length) < 0) ||
            (q->collect && keep(q, rank, length) < 0)) {
            q->failed = 1;
            return;
        }
        q->points += q->scores[length];
    }
    if (state & LETTER_MASK) {
        q->used |= UINT64_C(1) << cell;
        for (int k = q->nb_start[cell]; k < q->nb_start[cell + 1] && !q->failed; k++) {
            int next = q->nb[k];
            if ((state & q->first_bit[next]) && !(q->used >> next & 1))
                visit(q, next, state, rank, length);
        }
        q->used &= ~(UINT64_C(1) << cell);
    }
    q->path_len--;
}

static int load_faces(Search *q, PyObject *faces) {
    PyObject *seq = PySequence_Fast(faces, "faces must be a sequence of strings");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n < 1 || n > MAX_CELLS) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "a grid has 1 to %d cells", MAX_CELLS);
        return -1;
    }
    q->n_cells = (int)n;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t len;
        const char *text = PyUnicode_AsUTF8AndSize(PySequence_Fast_GET_ITEM(seq, i), &len);
        if (!text) goto fail;
        if (len > MAX_FACE) goto bad;
        for (Py_ssize_t j = 0; j < len; j++) {
            if (text[j] < 'A' || text[j] > 'Z') goto bad;
            q->faces[i][j] = text[j];
        }
        q->first_bit[i] = len ? UINT64_C(1) << (text[0] - 'A') : 0;
        q->face_len[i] = (int)len;
    }
    Py_DECREF(seq);
    return 0;
bad:
    PyErr_SetString(PyExc_ValueError, "a face is 0 to 8 upper-case letters A-Z");
fail:
    Py_DECREF(seq);
    return -1;
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
            q->nb[k++] = (int)v;
        }
        Py_DECREF(row);
    }
    q->nb_start[q->n_cells] = k;
    Py_DECREF(seq);
    return 0;
fail:
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
    for (Py_ssize_t len = 0; len <= MAX_WORD; len++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, len < n ? len : n - 1);
        long v = PyLong_AsLong(item);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        q->scores[len] = v;
    }
    Py_DECREF(seq);
    return 0;
}

/* Read the grid's geometry unless it comes from the very objects of the last call. */
static int prepare(Solver *self, PyObject *faces, PyObject *neighbours, int min_letters,
                   PyObject *scores) {
    Search *q = self->search;
    int previous_cells = q->n_cells;
    if (load_faces(q, faces) < 0) return -1;
    if (neighbours != self->last_neighbours || q->n_cells != previous_cells) {
        Py_CLEAR(self->last_neighbours);
        if (load_neighbours(q, neighbours) < 0) return -1;
        Py_INCREF(neighbours);
        self->last_neighbours = neighbours;
    }
    if (scores != self->last_scores) {
        Py_CLEAR(self->last_scores);
        if (load_scores(q, scores) < 0) return -1;
        Py_INCREF(scores);
        self->last_scores = scores;
    }
    q->min_letters = min_letters;
    return 0;
}

/* One solve of the prepared grid; ranks seen are cleared before returning. */
static int run(Solver *self, PyObject *out, int collect) {
    Search *q = self->search;
    q->collect = collect;
    self->letters_len = 0;
    self->cells_len = 0;
    q->used = 0;
    q->path_len = 0;
    q->n_found = 0;
    q->points = 0;
    q->failed = 0;
    q->out = out;
    for (int cell = 0; cell < q->n_cells && !q->failed; cell++)
        visit(q, cell, self->root, 0, 0);
    for (Py_ssize_t i = 0; i < q->n_found; i++) {
        uint32_t rank = self->found[i];
        self->seen[rank >> 3] &= (uint8_t)~(1u << (rank & 7));
    }
    q->out = NULL;
    return q->failed ? -1 : 0;
}

static PyObject *Solver_solve(Solver *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"faces", "neighbours", "min_letters", "scores", "paths", NULL};
    PyObject *faces, *neighbours, *scores;
    int min_letters, with_paths = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOiO|p", kwlist, &faces, &neighbours,
                                     &min_letters, &scores, &with_paths))
        return NULL;
    if (prepare(self, faces, neighbours, min_letters, scores) < 0) return NULL;
    PyObject *out = NULL;
    if (with_paths && !(out = PyList_New(0))) return NULL;
    if (run(self, out, 0) < 0) {
        Py_XDECREF(out);
        return NULL;
    }
    Search *q = self->search;
    PyObject *result = Py_BuildValue("nLO", q->n_found, q->points, out ? out : Py_None);
    Py_XDECREF(out);
    return result;
}

static int compare_hits(const void *a, const void *b) {
    uint32_t x = ((const Hit *)a)->rank, y = ((const Hit *)b)->rank;
    return (x > y) - (x < y);
}

/* Every word of the grid in alphabetical order, as row_type(word, points, ((row, col), ...)). */
static PyObject *Solver_solve_rows(Solver *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"faces", "neighbours", "min_letters", "scores", "columns",
                             "row_type", NULL};
    PyObject *faces, *neighbours, *scores;
    PyTypeObject *row_type = &PyTuple_Type;
    int min_letters, columns;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOiOi|O!", kwlist, &faces, &neighbours,
                                     &min_letters, &scores, &columns, &PyType_Type, &row_type))
        return NULL;
    if (!PyType_IsSubtype(row_type, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "row_type must be a tuple type (a NamedTuple)");
        return NULL;
    }
    if (columns < 1) {
        PyErr_SetString(PyExc_ValueError, "columns must be positive");
        return NULL;
    }
    if (prepare(self, faces, neighbours, min_letters, scores) < 0) return NULL;
    Search *q = self->search;
    if (run(self, NULL, 1) < 0) return NULL;
    Py_ssize_t n = q->n_found;
    qsort(self->hits, (size_t)n, sizeof(Hit), compare_hits);
    PyObject *rows = NULL, *cells[MAX_CELLS] = {NULL};
    for (int c = 0; c < q->n_cells; c++)
        if (!(cells[c] = Py_BuildValue("(ii)", c / columns, c % columns))) goto done;
    if (!(rows = PyList_New(n))) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        const Hit *hit = &self->hits[i];
        PyObject *word = PyUnicode_FromStringAndSize(self->hit_letters + hit->letters_at,
                                                     hit->n_letters);
        PyObject *points = PyLong_FromLong(q->scores[hit->n_letters]);
        PyObject *path = PyTuple_New(hit->n_cells);
        PyObject *row = (word && points && path) ? row_type->tp_alloc(row_type, 3) : NULL;
        if (!row) {
            Py_XDECREF(word);
            Py_XDECREF(points);
            Py_XDECREF(path);
            Py_CLEAR(rows);
            goto done;
        }
        for (int k = 0; k < hit->n_cells; k++) {
            PyObject *cell = cells[self->hit_cells[hit->cells_at + k]];
            Py_INCREF(cell);
            PyTuple_SET_ITEM(path, k, cell);
        }
        PyTuple_SET_ITEM(row, 0, word);
        PyTuple_SET_ITEM(row, 1, points);
        PyTuple_SET_ITEM(row, 2, path);
        PyList_SET_ITEM(rows, i, row);
    }
done:
    for (int c = 0; c < MAX_CELLS; c++) Py_XDECREF(cells[c]);
    return rows;
}

static PyObject *Solver_score_many(Solver *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"grids", "neighbours", "min_letters", "scores", NULL};
    PyObject *grids, *neighbours, *scores;
    int min_letters;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOiO", kwlist, &grids, &neighbours,
                                     &min_letters, &scores))
        return NULL;
    PyObject *seq = PySequence_Fast(grids, "grids must be a sequence of face sequences");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *results = PyList_New(n);
    if (!results) goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (prepare(self, PySequence_Fast_GET_ITEM(seq, i), neighbours, min_letters, scores) < 0 ||
            run(self, NULL, 0) < 0)
            goto fail;
        PyObject *pair = Py_BuildValue("nL", self->search->n_found, self->search->points);
        if (!pair) goto fail;
        PyList_SET_ITEM(results, i, pair);
    }
    Py_DECREF(seq);
    return results;
fail:
    Py_XDECREF(results);
    Py_DECREF(seq);
    return NULL;
}

static PyObject *Solver_get_word_count(Solver *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLong(self->word_count);
}

static PyMethodDef Solver_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))Solver_solve, METH_VARARGS | METH_KEYWORDS,
     "solve(faces, neighbours, min_letters, scores, paths=True) -> (count, points, words)\n\n"
     "faces: one upper-case string per cell ('' for a blank face); neighbours: the cells\n"
     "adjacent to each cell, in search order; scores[n]: points of an n-letter word (the\n"
     "last entry for longer words). words is a list of (word, path) in the order found,\n"
     "or None when paths is false."},
    {"solve_rows", (PyCFunction)(void (*)(void))Solver_solve_rows, METH_VARARGS | METH_KEYWORDS,
     "solve_rows(faces, neighbours, min_letters, scores, columns, row_type=tuple)\n\n"
     "Every word in alphabetical order as row_type(word, points, path), the path as\n"
     "(row, column) cells; row_type is a tuple type of three items (a NamedTuple)."},
    {"score_many", (PyCFunction)(void (*)(void))Solver_score_many, METH_VARARGS | METH_KEYWORDS,
     "score_many(grids, neighbours, min_letters, scores) -> [(count, points), ...]\n\n"
     "Many grids of one geometry, counts and points only: the fastest path."},
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
