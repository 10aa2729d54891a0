"""Entry point of the frozen Cardhall executable (see cardhall.spec)."""
import sys

if __name__ == "__main__":
    from client.cli import main
    sys.exit(main())
