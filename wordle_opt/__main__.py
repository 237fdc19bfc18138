from wordle_opt.cli import main

raise SystemExit(main())
