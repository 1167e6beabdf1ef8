"""The load generator of :mod:`bench.load`: keep-alive clients that record each
request's status and latency, closed-loop and paced loops, and their summaries.
Plain ``http.client`` and threads, so that the figures include no framework of the
client's own."""

from __future__ import annotations

import http.client
import json
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

HOST = "127.0.0.1"


def deal(number: int) -> dict[str, Any]:
    """Deal ``number`` of a bench match: rami, 7–6 and 6–7 in turn (never decided)."""
    tricks = [7, 6] if number % 2 else [6, 7]
    return {"contract": "rami", "declarer": number % 4, "tricks": tricks}


class Client:
    """One keep-alive connection; each request's status and latency are recorded."""

    def __init__(self, port: int, token: str) -> None:
        self.port = port
        self.headers = {
            "Authorization": f"Token {token}",
            "Content-Type": "application/json",
            "X-Forwarded-Proto": "https",
        }
        self.conn = http.client.HTTPConnection(HOST, port, timeout=60)

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any, float]:
        data = None if body is None else json.dumps(body)
        start = time.perf_counter()
        try:
            self.conn.request(method, path, body=data, headers=self.headers)
            answer = self.conn.getresponse()
            raw = answer.read()
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = http.client.HTTPConnection(HOST, self.port, timeout=60)
            return 0, None, time.perf_counter() - start
        elapsed = time.perf_counter() - start
        try:
            payload = json.loads(raw) if raw else None
        except ValueError:
            payload = None
        return answer.status, payload, elapsed


def percentiles(latencies: list[float]) -> dict[str, float]:
    if len(latencies) < 2:
        return {"p50": 0.0, "p95": 0.0, "p99": 0.0}
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    return {
        "p50": round(cuts[49] * 1000, 1),
        "p95": round(cuts[94] * 1000, 1),
        "p99": round(cuts[98] * 1000, 1),
    }


def loops_run(
    loops: list[Callable[[float], list]], seconds: float
) -> tuple[list, float]:
    """Run each loop in its own thread until ``seconds`` pass; their records."""
    deadline = time.perf_counter() + seconds
    results: list[list] = [[] for _ in loops]

    def body(i: int) -> None:
        results[i] = loops[i](deadline)

    threads = [threading.Thread(target=body, args=(i,)) for i in range(len(loops))]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results, time.perf_counter() - start


def reader_loop(port: int, token: str, path: str) -> Callable[[float], list]:
    def loop(deadline: float) -> list:
        client, done = Client(port, token), []
        while time.perf_counter() < deadline:
            status, _payload, elapsed = client.call("GET", path)
            done.append((status, elapsed))
        return done

    return loop


def scorekeeper_loop(port: int, table: dict, numbers: dict) -> Callable[[float], list]:
    def loop(deadline: float) -> list:
        client, done = Client(port, table["token"]), []
        path = f"/api/v1/matches/{table['match']}/deals/"
        while time.perf_counter() < deadline:
            number = numbers[table["match"]] + 1
            body = {"number": number, "input": deal(number)}
            status, payload, elapsed = client.call("POST", path, body)
            done.append((status, elapsed, number))
            if status == 201:
                numbers[table["match"]] = number
            elif payload and isinstance(payload.get("match"), dict):
                numbers[table["match"]] = payload["match"]["next_deal"]["number"] - 1
        return done

    return loop


def paced_loop(
    port: int, token: str, pace: float, offset: float, request: Callable[[], tuple]
) -> Callable[[float], list]:
    """One client sending ``request()`` (method, path, body) every ``pace`` seconds
    from ``offset``; each record's latency counts from the scheduled send time."""

    def loop(deadline: float) -> list:
        client, done = Client(port, token), []
        due = time.perf_counter() + offset
        while due < deadline:
            now = time.perf_counter()
            if due > now:
                time.sleep(due - now)
            method, path, body = request()
            status, payload, _elapsed = client.call(method, path, body)
            done.append((status, time.perf_counter() - due, payload))
            due += pace
        return done

    return loop


def paced_submit(table: dict, numbers: dict) -> Callable[[], tuple]:
    path = f"/api/v1/matches/{table['match']}/deals/"

    def request() -> tuple:
        number = numbers[table["match"]] + 1
        numbers[table["match"]] = number  # one request in flight per client
        return "POST", path, {"number": number, "input": deal(number)}

    return request


def stored_up_to(records: list, start: int) -> int:
    """The last deal number stored in one paced client's run (its answers say)."""
    last = start
    for status, _latency, payload in records:
        if status == 201:
            last += 1
        elif payload and isinstance(payload.get("match"), dict):
            last = payload["match"]["next_deal"]["number"] - 1
            break
    return last


def summary(records: list[list], elapsed: float, ok: int) -> dict[str, Any]:
    flat = [r for rs in records for r in rs]
    good = [r[1] for r in flat if r[0] == ok]
    failed = Counter(str(r[0]) for r in flat if r[0] != ok)  # 0: no answer
    return {
        "requests": len(flat),
        "per_second": round(len(good) / elapsed, 1),
        "errors": len(flat) - len(good),
        "error statuses": dict(failed),
        **percentiles(good),
    }


def single_client(port: int, single: dict, upto: int = 200) -> dict[str, float]:
    """One scorekeeper enters deals 1…``upto``; median latency around 5, 50, 200."""
    client = Client(port, single["token"])
    path = f"/api/v1/matches/{single['match']}/deals/"
    times: dict[int, float] = {}
    for number in range(1, upto + 1):
        status, payload, elapsed = client.call(
            "POST", path, {"number": number, "input": deal(number)}
        )
        if status != 201:
            raise RuntimeError(f"deal {number}: {status} {payload}")
        times[number] = elapsed
    windows = {
        "deal 5": range(3, 8),
        "deal 50": range(48, 53),
        "deal 200": range(196, 201),
    }
    return {
        name: round(statistics.median(times[n] for n in window) * 1000, 1)
        for name, window in windows.items()
    }
