"""Shared fuzz helpers: strategies for hostile inputs and the "coded error or result" check.

Any parser or loader of motamot is fuzzed the same way: feed it generated
input and accept only a result or one of the project's coded errors
(`motamot.errors.CodedError`); anything else is a bug. `assert_result_or_coded`
says that once; the strategies here build word lists and compiled lists,
valid, damaged and hostile.
"""
