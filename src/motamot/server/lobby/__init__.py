"""The lobby on the web (`/salon`): its page and its live feed (one socket per page)."""
