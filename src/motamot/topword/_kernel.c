/*
 * Compiled Topword move generator: the same method, rules and scores as
 * motamot/topword/movegen.py (the readable reference), step for step.
 *
 * Board: 100 cells, row-major; tops[c] is the top tile ('A'-'Z', 'Q' being
 * the Qu tile, whose letters are Q then U) or 0; heights[c] 0-5. The rack is
 * a string of tiles. The lexicon is motamot's DAWG: uint64 states, bits 0-25
 * the letters leaving the node, bit 26 a word ends here, bits 27+ the index
 * of its first arc.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define SIZE 10
#define CELLS (SIZE * SIZE)
#define LETTER_MASK ((UINT64_C(1) << 26) - 1)
#define DAWG_WORD_BIT (UINT64_C(1) << 26)
#define ARC_SHIFT 27
#define NO_NODE UINT64_C(0)
#define MAX_WORD (2 * SIZE)

enum { MODE_ALL = 0, MODE_COUNT = 1, MODE_ANY = 2, MODE_BEST = 3 };

typedef struct {
    int max_height, rack_size;
    uint32_t letter_bonus_tiles; /* bit k: tile 'A'+k earns the letter bonus */
    int letter_bonus, qu_flat_word_bonus, full_rack_bonus;
    int shared_once, forbid_full_cover, plural_s_rule;
} Rules;

typedef struct {
    int present;          /* a cross word runs through the cell */
    uint32_t allowed;     /* bit k: tile 'A'+k keeps the cross word valid */
    int heights_sum, cells, all_level_one, has_qu;
    int after_len;        /* tiles of the cross word after the cell */
} Cross;

/* One legal move: what GeneratedMove holds, in plain C. */
typedef struct {
    int points;
    unsigned char row, col, across, word_len, n_placed;
    char word[MAX_WORD + 2];
    unsigned char cells[SIZE];
    char tiles[SIZE];
} MoveRec;

typedef struct {
    const uint64_t *arcs;
    Py_ssize_t n_arcs;
    uint64_t root;
    const char *tops;
    const unsigned char *heights;
    const Rules *rules;
    int rack[26];
    uint32_t rack_mask; /* bit t: tile 'A'+t is on the rack */
    int tiles_in_rack;
    int empty_board;
    /* the line being generated */
    int across;
    int cells[SIZE];
    int occupied[SIZE];
    Cross cross[SIZE];
    /* the move being built */
    char word[MAX_WORD + 2];
    int placed_k[SIZE];
    char placed_tile[SIZE];
    signed char placed_at[SIZE]; /* index in placed_k of the tile laid at k, or -1 */
    int n_placed;
    /* output: the moves found, as records (Python objects are built once, at the end) */
    int mode;
    long count;
    int found_any;
    MoveRec *recs;
    Py_ssize_t n_recs, cap_recs;
    MoveRec best;
    int has_best;
    int failed;
} Gen;

static inline int is_centre(int cell) { return cell == 44 || cell == 45 || cell == 54 || cell == 55; }

/* Bits set in the 26 letter bits (portable: no popcnt instruction assumed, no libcall). */
static inline int popcount26(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

static inline uint64_t step(const Gen *g, uint64_t state, char letter) {
    int code = letter - 'A';
    if (state == NO_NODE || !((state >> code) & 1)) return NO_NODE;
    Py_ssize_t arc = (Py_ssize_t)(state >> ARC_SHIFT) +
                     popcount26((uint32_t)(state & ((UINT64_C(1) << code) - 1)));
    if (arc >= g->n_arcs) return NO_NODE;
    return g->arcs[arc];
}

static inline uint64_t step_tile(const Gen *g, uint64_t state, char tile) {
    state = step(g, state, tile);
    return tile == 'Q' ? step(g, state, 'U') : state;
}

static inline int tile_letters(char tile, char *out) {
    out[0] = tile;
    if (tile == 'Q') {
        out[1] = 'U';
        return 2;
    }
    return 1;
}

/* The run of tiles through `cell` along `stride` (cell excluded): cross summary. */
static void cross_of(Gen *g, int cell, int cross_step, Cross *x) {
    int row = cell / SIZE, col = cell % SIZE;
    int before[SIZE], after[SIZE], nb = 0, na = 0;
    if (cross_step == 1) {
        for (int c = col - 1; c >= 0 && g->heights[row * SIZE + c]; c--) before[nb++] = row * SIZE + c;
        for (int c = col + 1; c < SIZE && g->heights[row * SIZE + c]; c++) after[na++] = row * SIZE + c;
    } else {
        for (int r = row - 1; r >= 0 && g->heights[r * SIZE + col]; r--) before[nb++] = r * SIZE + col;
        for (int r = row + 1; r < SIZE && g->heights[r * SIZE + col]; r++) after[na++] = r * SIZE + col;
    }
    memset(x, 0, sizeof *x);
    if (!nb && !na) return;
    x->present = 1;
    x->all_level_one = 1;
    uint64_t start = g->root;
    for (int i = nb - 1; i >= 0; i--) start = step_tile(g, start, g->tops[before[i]]);
    int all[2 * SIZE], n = 0;
    for (int i = nb - 1; i >= 0; i--) all[n++] = before[i];
    for (int i = 0; i < na; i++) all[n++] = after[i];
    for (int i = 0; i < n; i++) {
        x->heights_sum += g->heights[all[i]];
        if (g->heights[all[i]] != 1) x->all_level_one = 0;
        if (g->tops[all[i]] == 'Q') x->has_qu = 1;
    }
    x->cells = n;
    x->after_len = na;
    if (start == NO_NODE) return;
    for (int t = 0; t < 26; t++) {
        if (!g->rack[t]) continue;
        uint64_t s = step_tile(g, start, (char)('A' + t));
        for (int i = 0; i < na && s != NO_NODE; i++) s = step_tile(g, s, g->tops[after[i]]);
        if (s != NO_NODE && (s & DAWG_WORD_BIT)) x->allowed |= UINT32_C(1) << t;
    }
}

static inline int placed_index(const Gen *g, int k) { return g->placed_at[k]; }

static int covers_whole_word(const Gen *g, int start, int end) {
    int k = start;
    while (k < end) {
        if (!g->heights[g->cells[k]]) {
            k++;
            continue;
        }
        int run_start = k, all_covered = 1;
        while (k < end && g->heights[g->cells[k]]) {
            if (placed_index(g, k) < 0) all_covered = 0;
            k++;
        }
        if (k - run_start >= 2 && all_covered) return 1;
    }
    return 0;
}

/* T10 as the referee reads it: see movegen.MoveGenerator._plural_s_only. */
static int plural_s_only(const Gen *g, int start) {
    if (g->n_placed != 1) return 0; /* a stacked or added letter makes a new word */
    int k = g->placed_k[0];
    if (g->placed_tile[0] != 'S' || g->heights[g->cells[k]] || k - start < 2 ||
        (k + 1 < SIZE && g->heights[g->cells[k + 1]]))
        return 0;
    for (int j = start; j < k; j++)
        if (!g->heights[g->cells[j]]) return 0;
    const Cross *x = &g->cross[k];
    return !x->present || (x->after_len == 0 && x->cells >= 2);
}

/* The order of movegen.sort_key: more points, then row, column, across first, word. */
static int compare_moves(const MoveRec *a, const MoveRec *b) {
    if (a->points != b->points) return a->points > b->points ? -1 : 1;
    if (a->row != b->row) return a->row < b->row ? -1 : 1;
    if (a->col != b->col) return a->col < b->col ? -1 : 1;
    if (a->across != b->across) return a->across ? -1 : 1;
    int n = a->word_len < b->word_len ? a->word_len : b->word_len;
    int c = memcmp(a->word, b->word, (size_t)n);
    if (c != 0) return c;
    return (a->word_len > b->word_len) - (a->word_len < b->word_len);
}

static int compare_moves_qsort(const void *a, const void *b) { return compare_moves(a, b); }

static void record(Gen *g, int start, int end, int word_len) {
    const Rules *rules = g->rules;
    if (g->n_placed == 1 && !g->across && g->cross[g->placed_k[0]].present) return;
    if (rules->forbid_full_cover && covers_whole_word(g, start, end)) return;
    if (rules->plural_s_rule && plural_s_only(g, start)) return;
    int new_height[SIZE];
    int main_flat = 1, sum = 0, qu_in_main = 0;
    for (int k = start; k < end; k++) {
        int i = placed_index(g, k);
        int h = g->heights[g->cells[k]] + (i >= 0 ? 1 : 0);
        new_height[k] = h;
        sum += h;
        if (h != 1) main_flat = 0;
        char top = i >= 0 ? g->placed_tile[i] : g->tops[g->cells[k]];
        if (top == 'Q') qu_in_main = 1;
    }
    long points = main_flat ? 2 * (end - start) : sum;
    long bonus = 0;
    if (rules->qu_flat_word_bonus && main_flat && qu_in_main) bonus += rules->qu_flat_word_bonus;
    for (int i = 0; i < g->n_placed; i++) {
        int k = g->placed_k[i];
        const Cross *x = &g->cross[k];
        char tile = g->placed_tile[i];
        if (x->present) {
            int h = new_height[k];
            int cross_flat = x->all_level_one && h == 1;
            points += cross_flat ? 2 * (x->cells + 1) : x->heights_sum + h;
            if (rules->shared_once) {
                int in_main = main_flat ? 2 : h, in_cross = cross_flat ? 2 : h;
                points -= in_main < in_cross ? in_main : in_cross;
            }
            if (rules->qu_flat_word_bonus && cross_flat && (x->has_qu || tile == 'Q'))
                bonus += rules->qu_flat_word_bonus;
        }
        if ((rules->letter_bonus_tiles >> (tile - 'A')) & 1) bonus += rules->letter_bonus;
    }
    if (g->n_placed == rules->rack_size) bonus += rules->full_rack_bonus;
    points += bonus;
    g->count++;
    g->found_any = 1;
    if (g->mode == MODE_COUNT || g->mode == MODE_ANY) return;
    MoveRec rec;
    rec.points = (int)points;
    rec.row = (unsigned char)(g->cells[start] / SIZE);
    rec.col = (unsigned char)(g->cells[start] % SIZE);
    rec.across = (unsigned char)g->across;
    rec.word_len = (unsigned char)word_len;
    rec.n_placed = (unsigned char)g->n_placed;
    memcpy(rec.word, g->word, (size_t)word_len);
    for (int i = 0; i < g->n_placed; i++) {
        rec.cells[i] = (unsigned char)g->cells[g->placed_k[i]];
        rec.tiles[i] = g->placed_tile[i];
    }
    if (g->mode == MODE_BEST) {
        if (!g->has_best || compare_moves(&rec, &g->best) < 0) g->best = rec;
        g->has_best = 1;
        return;
    }
    if (g->n_recs == g->cap_recs) {
        Py_ssize_t cap = g->cap_recs ? 2 * g->cap_recs : 256;
        MoveRec *grown = PyMem_Realloc(g->recs, (size_t)cap * sizeof(MoveRec));
        if (!grown) {
            g->failed = 1;
            return;
        }
        g->recs = grown;
        g->cap_recs = cap;
    }
    g->recs[g->n_recs++] = rec;
}

static void walk(Gen *g, int start, int k, uint64_t state, int word_len, int anchored) {
    if (g->failed || (g->mode == MODE_ANY && g->found_any)) return;
    if (k > start && (k == SIZE || !g->occupied[k])) {
        if (g->n_placed && anchored && (state & DAWG_WORD_BIT) && k - start >= 2)
            record(g, start, k, word_len);
    }
    if (k == SIZE) return;
    int cell = g->cells[k];
    int height = g->heights[cell];
    char top = g->tops[cell];
    const Cross *x = &g->cross[k];
    int is_anchor = anchored || (g->empty_board ? is_centre(cell) : (height > 0 || x->present));
    if (height) {
        uint64_t kept = step_tile(g, state, top);
        if (kept != NO_NODE) {
            int n = tile_letters(top, g->word + word_len);
            walk(g, start, k + 1, kept, word_len + n, 1);
        }
        if (height >= g->rules->max_height) return;
    }
    /* the rack tiles that can follow in the lexicon and keep the cross word valid */
    uint32_t candidates = (uint32_t)(state & LETTER_MASK) & g->rack_mask;
    if (x->present) candidates &= x->allowed;
    if (top) candidates &= ~(UINT32_C(1) << (top - 'A'));
    while (candidates) {
        int t = __builtin_ctz(candidates);
        candidates &= candidates - 1;
        char tile = (char)('A' + t);
        uint64_t next = step_tile(g, state, tile);
        if (next == NO_NODE) continue;
        if (--g->rack[t] == 0) g->rack_mask &= ~(UINT32_C(1) << t);
        g->placed_k[g->n_placed] = k;
        g->placed_tile[g->n_placed] = tile;
        g->placed_at[k] = (signed char)g->n_placed;
        g->n_placed++;
        int n = tile_letters(tile, g->word + word_len);
        walk(g, start, k + 1, next, word_len + n, is_anchor);
        g->n_placed--;
        g->placed_at[k] = -1;
        if (g->rack[t]++ == 0) g->rack_mask |= UINT32_C(1) << t;
    }
}

static void generate_line(Gen *g, int index, int across) {
    g->across = across;
    int cross_step = across ? SIZE : 1;
    int anchors[SIZE];
    for (int k = 0; k < SIZE; k++) {
        int cell = across ? index * SIZE + k : k * SIZE + index;
        g->cells[k] = cell;
        g->occupied[k] = g->heights[cell] > 0;
    }
    for (int k = 0; k < SIZE; k++) {
        cross_of(g, g->cells[k], cross_step, &g->cross[k]);
        anchors[k] = g->empty_board ? is_centre(g->cells[k]) : (g->occupied[k] || g->cross[k].present);
    }
    for (int start = 0; start < SIZE; start++) {
        if (start > 0 && g->occupied[start - 1]) continue;
        int nearest = -1;
        for (int k = start; k < SIZE; k++)
            if (anchors[k]) {
                nearest = k;
                break;
            }
        if (nearest < 0) break;
        int needed = 0; /* tiles needed to reach the anchor: its empty cells, itself included */
        for (int k = start; k <= nearest; k++) needed += !g->occupied[k];
        if (needed > g->tiles_in_rack) continue;
        walk(g, start, start, g->root, 0, 0);
        if (g->failed || (g->mode == MODE_ANY && g->found_any)) return;
    }
}

/* (cell, tile) tuples are immutable and few (100 cells x 26 tiles): made once, shared. */
static PyObject *placement_cache[CELLS][26];

static PyObject *placement(int cell, char tile) {
    PyObject **slot = &placement_cache[cell][tile - 'A'];
    if (!*slot && !(*slot = Py_BuildValue("(iC)", cell, (int)tile))) return NULL;
    Py_INCREF(*slot);
    return *slot;
}

/* A move as `type` (a tuple subclass such as movegen.GeneratedMove) or a plain tuple. */
static PyObject *move_object(PyTypeObject *type, const MoveRec *m) {
    PyObject *placements = PyTuple_New(m->n_placed);
    if (!placements) return NULL;
    for (int i = 0; i < m->n_placed; i++) {
        PyObject *p = placement(m->cells[i], m->tiles[i]);
        if (!p) {
            Py_DECREF(placements);
            return NULL;
        }
        PyTuple_SET_ITEM(placements, i, p);
    }
    PyObject *items[6] = {PyLong_FromLong(m->points), PyLong_FromLong(m->row),
                          PyLong_FromLong(m->col), PyBool_FromLong(m->across),
                          PyUnicode_FromStringAndSize(m->word, m->word_len), placements};
    PyObject *move = type ? type->tp_alloc(type, 6) : PyTuple_New(6);
    int ok = move != NULL;
    for (int i = 0; i < 6; i++) ok = ok && items[i] != NULL;
    if (!ok) {
        for (int i = 0; i < 6; i++) Py_XDECREF(items[i]);
        Py_XDECREF(move);
        return NULL;
    }
    for (int i = 0; i < 6; i++) PyTuple_SET_ITEM(move, i, items[i]);
    return move;
}

/* Every move found, sorted as movegen.sort_key. */
static PyObject *move_list(Gen *g, PyTypeObject *type) {
    if (g->n_recs > 1) qsort(g->recs, (size_t)g->n_recs, sizeof(MoveRec), compare_moves_qsort);
    PyObject *out = PyList_New(g->n_recs);
    if (!out) return NULL;
    for (Py_ssize_t i = 0; i < g->n_recs; i++) {
        PyObject *move = move_object(type, &g->recs[i]);
        if (!move) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, move);
    }
    return out;
}

/* tops: 100 bytes (0 or the tile), or a list of 100 str ('' or the tile). */
static int read_tops(PyObject *obj, char *tops) {
    if (PyBytes_Check(obj)) {
        if (PyBytes_GET_SIZE(obj) != CELLS) return -1;
        memcpy(tops, PyBytes_AS_STRING(obj), CELLS);
        return 0;
    }
    if (!PyList_Check(obj) || PyList_GET_SIZE(obj) != CELLS) return -1;
    for (int c = 0; c < CELLS; c++) {
        PyObject *item = PyList_GET_ITEM(obj, c);
        if (!PyUnicode_Check(item) || PyUnicode_GET_LENGTH(item) > 1) return -1;
        Py_UCS4 ch = PyUnicode_GET_LENGTH(item) ? PyUnicode_READ_CHAR(item, 0) : 0;
        if (ch > 127) return -1;
        tops[c] = (char)ch;
    }
    return 0;
}

static int check_position(Gen *g, const char *rack, Py_ssize_t rack_len) {
    g->empty_board = 1;
    for (int c = 0; c < CELLS; c++) {
        int occupied = g->heights[c] != 0;
        if (g->heights[c] > 5 || (occupied && (g->tops[c] < 'A' || g->tops[c] > 'Z')) ||
            (!occupied && g->tops[c] != 0)) {
            PyErr_SetString(PyExc_ValueError, "invalid board cell");
            return -1;
        }
        if (occupied) g->empty_board = 0;
    }
    for (Py_ssize_t i = 0; i < rack_len; i++) {
        if (rack[i] < 'A' || rack[i] > 'Z') {
            PyErr_SetString(PyExc_ValueError, "rack tiles are 'A'-'Z' ('Q' is the Qu tile)");
            return -1;
        }
        g->rack[rack[i] - 'A']++;
        g->rack_mask |= UINT32_C(1) << (rack[i] - 'A');
    }
    g->tiles_in_rack = (int)rack_len;
    return 0;
}

static PyObject *result_of(Gen *g, PyTypeObject *type) {
    switch (g->mode) {
    case MODE_ALL:
        return move_list(g, type);
    case MODE_COUNT:
        return PyLong_FromLong(g->count);
    case MODE_ANY:
        return PyBool_FromLong(g->found_any);
    default:
        if (g->has_best) return move_object(type, &g->best);
        Py_RETURN_NONE;
    }
}

static PyObject *generate(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *arcs_obj, *tops_obj, *type_obj = Py_None;
    unsigned long long root;
    const char *rack;
    Py_ssize_t heights_len, rack_len;
    const unsigned char *heights;
    char tops[CELLS];
    Rules rules;
    int mode;
    if (!PyArg_ParseTuple(args, "OKOy#y#(iiIiiiiii)i|O", &arcs_obj, &root, &tops_obj, &heights,
                          &heights_len, &rack, &rack_len, &rules.max_height, &rules.rack_size,
                          &rules.letter_bonus_tiles, &rules.letter_bonus,
                          &rules.qu_flat_word_bonus, &rules.full_rack_bonus, &rules.shared_once,
                          &rules.forbid_full_cover, &rules.plural_s_rule, &mode, &type_obj))
        return NULL;
    if (read_tops(tops_obj, tops) < 0 || heights_len != CELLS) {
        PyErr_SetString(PyExc_ValueError, "tops and heights must have 100 cells each");
        return NULL;
    }
    if (mode < MODE_ALL || mode > MODE_BEST) {
        PyErr_SetString(PyExc_ValueError, "unknown mode");
        return NULL;
    }
    PyTypeObject *type = NULL;
    if (type_obj != Py_None) {
        if (!PyType_Check(type_obj) || !PyType_IsSubtype((PyTypeObject *)type_obj, &PyTuple_Type)) {
            PyErr_SetString(PyExc_TypeError, "move_type must be a tuple subclass");
            return NULL;
        }
        type = (PyTypeObject *)type_obj;
    }
    Gen *g = PyMem_Calloc(1, sizeof(Gen));
    if (!g) return PyErr_NoMemory();
    Py_buffer view;
    if (PyObject_GetBuffer(arcs_obj, &view, PyBUF_C_CONTIGUOUS) < 0) {
        PyMem_Free(g);
        return NULL;
    }
    PyObject *result = NULL;
    if (view.itemsize != 8) {
        PyErr_SetString(PyExc_TypeError, "arcs must be 64-bit integers");
        goto done;
    }
    g->arcs = view.buf;
    g->n_arcs = view.len / 8;
    g->root = root;
    g->tops = tops;
    g->heights = heights;
    g->rules = &rules;
    g->mode = mode;
    memset(g->placed_at, -1, sizeof g->placed_at);
    if (check_position(g, rack, rack_len) < 0) goto done;
    for (int index = 0; index < SIZE && !g->failed; index++) {
        for (int across = 1; across >= 0 && !g->failed; across--) {
            generate_line(g, index, across);
            if (mode == MODE_ANY && g->found_any) break;
        }
        if (mode == MODE_ANY && g->found_any) break;
    }
    if (g->failed) {
        PyErr_NoMemory();
        goto done;
    }
    result = result_of(g, type);
done:
    PyMem_Free(g->recs);
    PyBuffer_Release(&view);
    PyMem_Free(g);
    return result;
}

static PyMethodDef methods[] = {
    {"generate", generate, METH_VARARGS,
     "generate(arcs, root, tops, heights, rack, rules, mode, move_type=None)\n\n"
     "tops: 100 bytes or a list of 100 str ('' for empty); heights: 100 bytes; rack: tile bytes; rules: (max_height, rack_size,\n"
     "letter_bonus_tiles mask, letter_bonus, qu_flat_word_bonus, full_rack_bonus,\n"
     "shared_once, forbid_full_cover, plural_s_rule); mode 0: list of (points, row, col,\n"
     "across, word, ((cell, tile), ...)) sorted best first, each a move_type when given\n"
     "(a tuple subclass); 1: count; 2: whether any; 3: the best move or None."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "motamot.topword._kernel",
    "Compiled Topword move generator (optional; movegen.py is the reference).", -1, methods,
};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModule_Create(&kernel_module); }
