"""What a player reads, in French (default) and English, shared by every interface.

The engines give codes and fields (`motamot.errors.CodedError`, refusal
enums); these catalogues turn them into sentences. The terminal and the
browser render the same texts, so a verdict reads the same everywhere.
"""
