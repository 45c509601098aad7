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

typedef struct {
    const uint64_t *arcs;
    Py_ssize_t n_arcs;
    uint64_t root;
    const char *tops;
    const unsigned char *heights;
    const Rules *rules;
    int rack[26];
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
    int n_placed;
    /* output */
    int mode;
    long count;
    int found_any;
    PyObject *out;
    long best_points;
    int best_row, best_col, best_across, best_len;
    char best_word[MAX_WORD + 2];
    PyObject *best;
    int failed;
} Gen;

static inline int is_centre(int cell) { return cell == 44 || cell == 45 || cell == 54 || cell == 55; }

static inline uint64_t step(const Gen *g, uint64_t state, char letter) {
    int code = letter - 'A';
    if (state == NO_NODE || !((state >> code) & 1)) return NO_NODE;
    Py_ssize_t arc = (Py_ssize_t)(state >> ARC_SHIFT) +
                     __builtin_popcountll(state & ((UINT64_C(1) << code) - 1));
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

static int placed_index(const Gen *g, int k) {
    for (int i = 0; i < g->n_placed; i++)
        if (g->placed_k[i] == k) return i;
    return -1;
}

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
static int better_than_best(const Gen *g, long points, int row, int col, int word_len) {
    if (points != g->best_points) return points > g->best_points;
    if (row != g->best_row) return row < g->best_row;
    if (col != g->best_col) return col < g->best_col;
    if (g->across != g->best_across) return g->across;
    int n = word_len < g->best_len ? word_len : g->best_len;
    int c = memcmp(g->word, g->best_word, (size_t)n);
    if (c != 0) return c < 0;
    return word_len < g->best_len;
}

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
    int row = g->cells[start] / SIZE, col = g->cells[start] % SIZE;
    if (g->mode == MODE_BEST && g->best && !better_than_best(g, points, row, col, word_len)) return;
    PyObject *placements = PyTuple_New(g->n_placed);
    if (!placements) goto fail;
    for (int i = 0; i < g->n_placed; i++) {
        PyObject *p = Py_BuildValue("(iC)", g->cells[g->placed_k[i]], (int)g->placed_tile[i]);
        if (!p) {
            Py_DECREF(placements);
            goto fail;
        }
        PyTuple_SET_ITEM(placements, i, p);
    }
    PyObject *move = Py_BuildValue("(liiNs#N)", points, row, col, PyBool_FromLong(g->across),
                                   g->word, (Py_ssize_t)word_len, placements);
    if (!move) goto fail;
    if (g->mode == MODE_BEST) {
        Py_XDECREF(g->best);
        g->best = move;
        g->best_points = points;
        g->best_row = row;
        g->best_col = col;
        g->best_across = g->across;
        g->best_len = word_len;
        memcpy(g->best_word, g->word, (size_t)word_len);
        return;
    }
    if (PyList_Append(g->out, move) < 0) {
        Py_DECREF(move);
        goto fail;
    }
    Py_DECREF(move);
    return;
fail:
    g->failed = 1;
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
    for (int t = 0; t < 26; t++) {
        char tile = (char)('A' + t);
        if (!g->rack[t] || tile == top || (x->present && !((x->allowed >> t) & 1))) continue;
        uint64_t next = step_tile(g, state, tile);
        if (next == NO_NODE) continue;
        g->rack[t]--;
        g->placed_k[g->n_placed] = k;
        g->placed_tile[g->n_placed] = tile;
        g->n_placed++;
        int n = tile_letters(tile, g->word + word_len);
        walk(g, start, k + 1, next, word_len + n, is_anchor);
        g->n_placed--;
        g->rack[t]++;
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

static PyObject *generate(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *arcs_obj;
    unsigned long long root;
    const char *tops, *rack;
    Py_ssize_t tops_len, heights_len, rack_len;
    const unsigned char *heights;
    Rules rules;
    int mode;
    if (!PyArg_ParseTuple(args, "OKy#y#y#(iiIiiiiii)i", &arcs_obj, &root, &tops, &tops_len,
                          &heights, &heights_len, &rack, &rack_len, &rules.max_height,
                          &rules.rack_size, &rules.letter_bonus_tiles, &rules.letter_bonus,
                          &rules.qu_flat_word_bonus, &rules.full_rack_bonus, &rules.shared_once,
                          &rules.forbid_full_cover, &rules.plural_s_rule, &mode))
        return NULL;
    if (tops_len != CELLS || heights_len != CELLS) {
        PyErr_SetString(PyExc_ValueError, "tops and heights must have 100 cells each");
        return NULL;
    }
    if (mode < MODE_ALL || mode > MODE_BEST) {
        PyErr_SetString(PyExc_ValueError, "unknown mode");
        return NULL;
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
    g->empty_board = 1;
    for (int c = 0; c < CELLS; c++) {
        int occupied = heights[c] != 0;
        if (heights[c] > 5 || (occupied && (tops[c] < 'A' || tops[c] > 'Z')) ||
            (!occupied && tops[c] != 0)) {
            PyErr_SetString(PyExc_ValueError, "invalid board cell");
            goto done;
        }
        if (occupied) g->empty_board = 0;
    }
    for (Py_ssize_t i = 0; i < rack_len; i++) {
        if (rack[i] < 'A' || rack[i] > 'Z') {
            PyErr_SetString(PyExc_ValueError, "rack tiles are 'A'-'Z' ('Q' is the Qu tile)");
            goto done;
        }
        g->rack[rack[i] - 'A']++;
    }
    g->tiles_in_rack = (int)rack_len;
    if (mode == MODE_ALL && !(g->out = PyList_New(0))) goto done;
    for (int index = 0; index < SIZE && !g->failed; index++) {
        for (int across = 1; across >= 0 && !g->failed; across--) {
            generate_line(g, index, across);
            if (mode == MODE_ANY && g->found_any) break;
        }
        if (mode == MODE_ANY && g->found_any) break;
    }
    if (g->failed) goto done;
    switch (mode) {
    case MODE_ALL:
        result = g->out;
        g->out = NULL;
        break;
    case MODE_COUNT:
        result = PyLong_FromLong(g->count);
        break;
    case MODE_ANY:
        result = PyBool_FromLong(g->found_any);
        break;
    default:
        result = g->best ? g->best : Py_None;
        Py_INCREF(result);
    }
done:
    Py_XDECREF(g->out);
    Py_XDECREF(g->best);
    PyBuffer_Release(&view);
    PyMem_Free(g);
    return result;
}

static PyMethodDef methods[] = {
    {"generate", generate, METH_VARARGS,
     "generate(arcs, root, tops, heights, rack, rules, mode)\n\n"
     "tops, heights: 100 bytes each; rack: tile bytes; rules: (max_height, rack_size,\n"
     "letter_bonus_tiles mask, letter_bonus, qu_flat_word_bonus, full_rack_bonus,\n"
     "shared_once, forbid_full_cover, plural_s_rule); mode 0: list of (points, row, col,\n"
     "across, word, ((cell, tile), ...)); 1: count; 2: whether any; 3: one best move or None."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "motamot.topword._kernel",
    "Compiled Topword move generator (optional; movegen.py is the reference).", -1, methods,
};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModule_Create(&kernel_module); }
