"""``python -m client``: start Cardhall (the arguments are :mod:`client.cli`'s)."""
from client.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
