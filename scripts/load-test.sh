#!/usr/bin/env bash
# Load test of `puzzlelab serve` on loopback: PLAYERS simulated players
# (Python asyncio, one keep-alive connection each) for SECONDS seconds. Each
# player starts a game of a random family and seed, fetches its solution
# moves (the server runs with --solutions; ten hints for a family that has
# none) and plays them one request at a time, then starts the next game. The server writes a play log, as in a
# classroom. Reports requests/s, p50/p99 latency, errors, games finished,
# the server's peak and final RSS, and that it stopped cleanly on SIGTERM.
#
#     scripts/load-test.sh [BIN] [PLAYERS] [SECONDS]   # defaults: .build/release/puzzlelab 200 60
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/puzzlelab}")
players=${2:-200}
seconds=${3:-60}

work=$(mktemp -d)
server=""
cleanup() { if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then kill -9 "$server"; fi; rm -rf "$work"; }
trap cleanup EXIT

# Every game a player starts stays until it ends: room for all of them.
"$bin" serve --port 0 --solutions --max-games 100000 --log "$work/play.jsonl" > "$work/stdout" 2> "$work/stderr" &
server=$!
for _ in $(seq 100); do grep -q '^serving' "$work/stdout" && break; sleep 0.1; done
port=$(sed -n 's|^serving http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/stdout")
if [ -z "$port" ]; then cat "$work/stdout" "$work/stderr"; echo "load-test: the server did not start" >&2; exit 1; fi

status=0
python3 - "$port" "$players" "$seconds" "$server" "$work/play.jsonl" <<'PY' || status=$?
import asyncio, json, random, sys, time

port, players, seconds, pid, log = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
latencies, errors, finished, started = [], {}, [0], [0]
peak = [0]

def rss():
    with open(f"/proc/{pid}/status") as status:
        fields = dict(line.split(":", 1) for line in status)
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])

class Connection:
    async def open(self):
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", port)

    async def call(self, method, path, body=None):
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
        begin = time.perf_counter()
        self.writer.write(head.encode() + data)
        await self.writer.drain()
        status_line = await self.reader.readline()
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
        body = await self.reader.readexactly(length)
        latencies.append(time.perf_counter() - begin)
        status = int(status_line.split()[1]) if status_line else 0
        if not 200 <= status < 300:
            errors[status] = errors.get(status, 0) + 1
        return status, json.loads(body) if body else None

async def player(number, kinds, deadline):
    rng = random.Random(number)
    connection = Connection()
    await connection.open()
    while time.monotonic() < deadline:
        try:
            status, game = await connection.call("POST", "/api/games", {"kind": rng.choice(kinds), "seed": rng.randrange(1, 10**6), "player": f"load-{number}"})
            if status != 201:
                continue
            started[0] += 1
            _, moves = await connection.call("GET", f"/api/games/{game['id']}/solution")
            # A family without solution moves (an adapter not built yet)
            # still gets moves: ten hints.
            moves = moves or [{"action": "hint"}] * 10
            reply = None
            for move in moves:
                if time.monotonic() >= deadline:
                    break
                _, reply = await connection.call("POST", f"/api/games/{game['id']}/moves", move)
            if reply and reply["view"]["status"]["completed"]:
                finished[0] += 1
        except (OSError, asyncio.IncompleteReadError, ValueError) as error:
            errors[type(error).__name__] = errors.get(type(error).__name__, 0) + 1
            connection = Connection()
            await connection.open()

async def sample(deadline):
    while time.monotonic() < deadline:
        peak[0] = max(peak[0], rss()[0])
        await asyncio.sleep(0.5)

async def main():
    setup = Connection()
    await setup.open()
    _, listing = await setup.call("GET", "/api/families")
    kinds = [family["kind"] for family in listing["families"]]
    latencies.clear()
    begin = time.monotonic()
    deadline = begin + seconds
    await asyncio.gather(sample(deadline), *(player(n, kinds, deadline) for n in range(players)))
    elapsed = time.monotonic() - begin
    ordered = sorted(latencies)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")
    final, high_water = rss()
    with open(log) as lines:
        records = sum(1 for _ in lines)
    print(f"players {players}, {elapsed:.0f} s: {len(latencies)} requests, {len(latencies) / elapsed:.0f} requests/s")
    print(f"latency p50 {pick(0.50):.1f} ms, p99 {pick(0.99):.1f} ms, max {pick(1.0):.1f} ms")
    print(f"games started {started[0]}, completed {finished[0]}; play log records {records}")
    print(f"errors {sum(errors.values())}" + (f" {errors}" if errors else ""))
    print(f"server RSS peak {max(peak[0], high_water) / 1024:.0f} MiB, at the end {final / 1024:.0f} MiB")
    sys.exit(1 if errors else 0)

asyncio.run(main())
PY
kill -TERM "$server"
wait "$server" && echo "server stopped cleanly on SIGTERM" || { echo "load-test: the server did not stop cleanly" >&2; exit 1; }
exit $status
