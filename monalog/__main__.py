from monalog.cli import main
import sys
sys.exit(main())
