-- wrk script for Benchmarks/bench-serve-throughput.py: PUTs answers over keep-alive connections.
--
--   wrk -t2 -c64 -d15s -s put-answers.lua http://127.0.0.1:PORT -- TARGETS.tsv 2
--   wrk -t2 -c64 -d15s -s put-answers.lua http://127.0.0.1:PORT -- FLOOR-TARGETS.tsv 2
--   wrk -t2 -c64 -d15s -s put-answers.lua http://127.0.0.1:PORT/api/ping
--
-- With a targets file (one `PATH<TAB>BODY` a line, written by the driver: every signed-in
-- taker's questions, each with two different answers) each request is the next target's PUT,
-- each of the (second argument) threads starting at its own place in the list so that they
-- spread over the takers. The PUT floor's targets file has the same bodies, each PUT to
-- /api/ping, which does no database work.
-- Under reveal `end` an answer may change until submit, so PUTting a question again is a valid
-- save. Without one it sends wrk's own request (a GET of the URL), built by the same function so
-- that both runs pay the same script costs. Either way it counts the replies that are not 200 and
-- prints one line the driver reads:
--   result requests=N non200=N socket_errors=N seconds=S p50_ms=X p99_ms=X

local threads = {}

function setup(thread)
  thread:set("number", #threads)
  table.insert(threads, thread)
end

local targets = {}
local next_target = 0
local put_headers = { ["Content-Type"] = "application/json" }
non200 = 0

function init(args)
  if args[1] == nil then return end
  for line in io.lines(args[1]) do
    local path, body = line:match("^([^\t]+)\t(.*)$")
    if path then targets[#targets + 1] = { path, body } end
  end
  local thread_count = tonumber(args[2]) or 2
  next_target = math.floor(number * #targets / thread_count)
end

-- Defined when the script loads (wrk decides then whether requests are made per call).
function request()
  if #targets == 0 then return wrk.format() end
  next_target = next_target % #targets + 1
  local target = targets[next_target]
  return wrk.format("PUT", target[1], put_headers, target[2])
end

function response(status, headers, body)
  if status ~= 200 then non200 = non200 + 1 end
end

function done(summary, latency, requests)
  local failed = 0
  for _, thread in ipairs(threads) do failed = failed + thread:get("non200") end
  local errors = summary.errors
  local socket_errors = errors.connect + errors.read + errors.write + errors.timeout
  io.write(string.format("result requests=%d non200=%d socket_errors=%d seconds=%.3f p50_ms=%.3f p99_ms=%.3f\n",
    summary.requests, failed, socket_errors, summary.duration / 1e6,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
