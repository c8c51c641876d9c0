-- wrk script: POST /proto/messages with a fresh, valid message each request.
-- Spreads messages over 10 users (bench0 … bench9).
local counter = 0
local thread_id = 0

setup = function(thread)
  thread:set("thread_id", thread_id)
  thread_id = thread_id + 1
end

request = function()
  counter = counter + 1
  local body = string.format(
    '{"user":"bench%d","operation":"add_message","subject":"benchmark","message":"message %d from thread %d"}',
    counter % 10, counter, thread_id)
  return wrk.format("POST", "/proto/messages", { ["Content-Type"] = "application/json" }, body)
end
