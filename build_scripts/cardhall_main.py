"""Entry point of the frozen Cardhall executable (see cardhall.spec)."""
import multiprocessing
import sys

if __name__ == "__main__":
    # the review analyses a game in worker processes (engine.ai.review): in the frozen
    # program a worker is this executable started again, and this hands it to its work
    multiprocessing.freeze_support()
    from client.cli import main
    sys.exit(main())
