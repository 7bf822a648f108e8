-- Request generator for wrk (bench/wrk.ts). Each request is built from templates in the
-- environment: BENCH_METHOD, BENCH_PATH and BENCH_BODY, where {i} becomes a random entry
-- index below BENCH_COUNT and {n} a number that grows with every request of the thread;
-- BENCH_HEADERS holds header lines ("Name: value") separated by newlines, and BENCH_SEED
-- seeds the random numbers. done() prints the figures as one JSON line for the harness to read.

local method = os.getenv("BENCH_METHOD") or "GET"
local path = os.getenv("BENCH_PATH") or "/"
local body = os.getenv("BENCH_BODY")
local count = tonumber(os.getenv("BENCH_COUNT") or "1")
local headers = {}
for line in string.gmatch(os.getenv("BENCH_HEADERS") or "", "[^\n]+") do
  local name, value = string.match(line, "^([^:]+):%s*(.*)$")
  if name then headers[name] = value end
end

local counter = 0

-- BENCH_SEED (a random number per run, from the harness) seeds the generator: seeded from the
-- clock alone, two runs a few seconds apart could start from the same seed, and the second then
-- repeated the first one's entries and values, so that its PATCHes changed nothing.
function init(args)
  local seed = tonumber(os.getenv("BENCH_SEED") or "")
  if seed == nil then seed = os.time() + math.floor(os.clock() * 1000000) end
  math.randomseed(seed)
  counter = math.random(1, 1000000) * 1000
end

local function fill(template, index, number)
  return (string.gsub(string.gsub(template, "{i}", tostring(index)), "{n}", tostring(number)))
end

function request()
  counter = counter + 1
  local index = math.random(0, count - 1)
  local filledBody = nil
  if body then filledBody = fill(body, index, counter) end
  return wrk.format(method, fill(path, index, counter), headers, filledBody)
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '\n{"requests":%d,"duration_us":%d,"bytes":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latency_us":{"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%f}}\n',
    summary.requests, summary.duration, summary.bytes, errors.connect, errors.read, errors.write, errors.status,
    errors.timeout, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
