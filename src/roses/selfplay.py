"""The command lines' ``selfplay`` loop, the same for both games: whole games one after the
other, one JSON line (``--json``) or one sentence each, the games that raise counted and
reported rather than stopping the run, the records written to a folder, a summary last; and
the ``replay`` command's exit status."""

from __future__ import annotations

import json
import time


def selfplay_loop(args, play, record_text, sentence, summarise, summary_line) -> int:
    """Play ``args.games`` games from seed ``args.seed`` on; exit status 1 if any raised.

    ``play(seed) -> (game, record dict)``; ``record_text(game)``: its record file's text;
    ``sentence(seed, rec)``: a game's line; ``summarise(records, seconds) -> dict``;
    ``summary_line(summary, failed)``: the summary's line. ``args`` carries ``games``,
    ``seed``, ``scenario``, ``json``, ``quiet`` and ``records`` (a folder or None).
    """
    records = []
    failed = 0
    t0 = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        try:
            game, rec = play(seed)
        except Exception as exc:  # noqa: BLE001 -- report any engine error, go on, count it
            failed += 1
            rec = {"scenario": args.scenario, "seed": seed,
                   "error": f"{type(exc).__name__}: {exc}"}
            print(json.dumps(rec) if args.json else f"game {seed}: ERROR {rec['error']}",
                  flush=True)
            continue
        records.append(rec)
        if args.records:
            args.records.mkdir(parents=True, exist_ok=True)
            (args.records / f"{args.scenario}-{seed}.json").write_text(record_text(game))
        if args.json:
            print(json.dumps(rec), flush=True)
        elif not args.quiet:
            print(sentence(seed, rec), flush=True)
    summary = summarise(records, time.perf_counter() - t0)
    summary["errors"] = failed
    print(json.dumps(summary) if args.json else summary_line(summary, failed), flush=True)
    return 1 if failed else 0


def replay_file(path, check, error) -> int:
    """The ``replay`` command: 0 if the record in the file at ``path`` rebuilds the saved
    state (``check(text) -> (ok, verdict)``), 1 on a mismatch, 2 if the file cannot be read or
    replayed (``check`` raising ``error``)."""
    try:
        with open(path, "rb") as f:
            text = f.read()
        ok, verdict = check(text)
    except OSError as exc:
        print(f"replay: cannot read {path}: {exc.strerror or exc}")
        return 2
    except error as exc:
        print(f"replay: cannot replay {path}: {exc}")
        return 2
    print(f"replay: {verdict}")
    return 0 if ok else 1


__all__ = ["selfplay_loop", "replay_file"]
