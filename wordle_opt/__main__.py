import sys

try:
    from wordle_opt.cli import main
except KeyboardInterrupt:  # (Ctrl-C while the package still imports: no traceback)
    sys.stderr.write("interrupted\n")
    raise SystemExit(130) from None

raise SystemExit(main())
