/* motamot._speedups: optional C kernels for the hot loops.
 *
 * Every function here has a pure-Python twin that stays the reference (and
 * is tested against this one); the package works without this module.
 * Add new kernels as one static function + one entry in `methods`.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "dawg_check.h"

/* -- DAWG membership (see motamot/lexicon/dawg.py for the format) --------- */

#define DAWG_WORD_BIT ((uint64_t)1 << 26)
#define DAWG_ARC_SHIFT 27

static int
popcount64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(x);
#else
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
#endif
}

/* dawg_contains(arcs, root, word) -> bool
 *
 * `arcs` is any buffer of native uint64 (array('Q')), `root` the root state,
 * `word` a str. True when `word` is made of A-Z only and the DAWG holds it.
 */
static PyObject *
dawg_contains(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "dawg_contains(arcs, root, word) takes 3 arguments");
        return NULL;
    }
    PyObject *word = args[2];
    if (!PyUnicode_Check(word) || !PyUnicode_IS_ASCII(word)) {
        Py_RETURN_FALSE;
    }
    Py_ssize_t length = PyUnicode_GET_LENGTH(word);
    if (length == 0) {
        Py_RETURN_FALSE;
    }
    const unsigned char *letters = (const unsigned char *)PyUnicode_DATA(word);
    uint64_t state = PyLong_AsUnsignedLongLong(args[1]);
    if (state == (uint64_t)-1 && PyErr_Occurred()) {
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(args[0], &view, PyBUF_SIMPLE) < 0) {
        return NULL;
    }
    const uint64_t *arcs = (const uint64_t *)view.buf;
    Py_ssize_t count = view.len / (Py_ssize_t)sizeof(uint64_t);
    int found = 1;
    for (Py_ssize_t i = 0; i < length; i++) {
        unsigned int index = (unsigned int)letters[i] - 'A';
        if (index >= 26) {
            found = 0; /* not a folded word */
            break;
        }
        if (!(state >> index & 1)) {
            found = 0;
            break;
        }
        uint64_t lower = state & (((uint64_t)1 << index) - 1);
        uint64_t arc = (state >> DAWG_ARC_SHIFT) + (uint64_t)popcount64(lower);
        if (arc >= (uint64_t)count) {
            PyBuffer_Release(&view);
            PyErr_SetString(PyExc_IndexError, "corrupt lexicon: arc index out of range");
            return NULL;
        }
        state = arcs[arc];
    }
    PyBuffer_Release(&view);
    if (found && (state & DAWG_WORD_BIT)) {
        Py_RETURN_TRUE;
    }
    Py_RETURN_FALSE;
}

/* dawg_check(arcs, root, max_letters) -> (code, index, words)
 *
 * The complete check of a DAWG array (dawg_check.h): code "" and the word
 * count when it is valid, else the fault's code and the arc index it is at.
 */
static PyObject *
dawg_check_py(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "dawg_check(arcs, root, max_letters) takes 3 arguments");
        return NULL;
    }
    uint64_t root = PyLong_AsUnsignedLongLong(args[1]);
    if (root == (uint64_t)-1 && PyErr_Occurred()) {
        return NULL;
    }
    long max_letters = PyLong_AsLong(args[2]);
    if (max_letters == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (max_letters < 1 || max_letters > DAWG_CHECK_MAX_LETTERS) {
        PyErr_Format(PyExc_ValueError, "max_letters must be 1 to %d", DAWG_CHECK_MAX_LETTERS);
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(args[0], &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        return NULL;
    }
    if (view.itemsize != 8 || view.format == NULL ||
        (strcmp(view.format, "Q") != 0 && strcmp(view.format, "L") != 0)) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_TypeError, "arcs must be a buffer of unsigned 64-bit integers");
        return NULL;
    }
    uint64_t words = 0, at = 0;
    int fault;
    Py_BEGIN_ALLOW_THREADS
    fault = dawg_check((const uint64_t *)view.buf, (uint64_t)(view.len / 8), root, (int)max_letters,
                       &words, &at);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
    if (fault == DAWG_NO_MEMORY) {
        return PyErr_NoMemory();
    }
    return Py_BuildValue("sKK", dawg_check_code(fault), (unsigned long long)at,
                         (unsigned long long)words);
}

/* -- module ---------------------------------------------------------------- */

static PyMethodDef methods[] = {
    {"dawg_contains", (PyCFunction)(void (*)(void))dawg_contains, METH_FASTCALL,
     "dawg_contains(arcs, root, word) -> bool: is the folded `word` in the DAWG?"},
    {"dawg_check", (PyCFunction)(void (*)(void))dawg_check_py, METH_FASTCALL,
     "dawg_check(arcs, root, max_letters) -> (code, index, words): the complete check."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "motamot._speedups", "Optional C kernels for motamot.", -1, methods,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    return PyModule_Create(&module);
}
