"""Allow `python -m motamot`."""

from motamot.cli.main import main

raise SystemExit(main())
