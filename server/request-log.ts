/**
 * The request log: one JSON line per request ("request completed", with the request id, the
 * method, the path with its personal values hidden, the status and the time taken), and every
 * other line a request writes carries its request id (reqId).
 *
 * It is written on every answer, cached pages included, so it is made cheap: at info level
 * it cost a cached page a fifth of its rate. Fastify made a pino child logger per
 * request (its bindings stringified each time) and pino serialized each line as a generic
 * object; here a request's logger is made only when the request logs something of its own
 * (RequestLogger), and the "request completed" line is written as the text pino would write.
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { LogController } from "fastify";
import pino from "pino";
import type { Config } from "./config";
import type { RoutePolicies } from "./route-policy";

/** Account numbers and references, hidden from logged paths wherever they appear (personal paths are cut by the policy table). */
const PERSONAL_VALUE = /\d{2}-?\d{4}-?\d{4}|(?:NSC|AGAM)-\d{4}-[0-9A-Z]{6}/gi;
export function hidePersonalValues(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape: look at the raw text
  }
  // replace, not test: a /g expression's test() carries lastIndex from one call to the next.
  const hidden = decoded.replace(PERSONAL_VALUE, "[redacted]");
  return hidden === decoded ? path : hidden;
}

/** The logged form of a path (personal segments and values hidden), memoized by method and URL: most requests repeat a few paths. */
function loggedPathOf(policies: RoutePolicies) {
  const memo = new Map<string, Map<string, string>>();
  let size = 0;
  return (method: string, url: string) => {
    let byUrl = memo.get(method);
    if (!byUrl) {
      byUrl = new Map();
      memo.set(method, byUrl);
    }
    let logged = byUrl.get(url);
    if (logged === undefined) {
      logged = hidePersonalValues(policies.logPath(method, url));
      if (size >= 2000) {
        for (const urls of memo.values()) urls.clear();
        size = 0;
      }
      byUrl.set(url, logged);
      size++;
    }
    return logged;
  };
}

/** What pino writes every line with (exported as pino.symbols): its time field, its bindings, its stream. */
interface PinoInternals {
  [pino.symbols.timeSym]: () => string;
  [pino.symbols.chindingsSym]: string;
  [pino.symbols.streamSym]: pino.DestinationStream;
}

/**
 * A request's logger: what Fastify's request.log and reply.log are. The pino child (with the
 * request id bound) is made the first time the request logs a line of its own, which most
 * requests never do; a route's own log level or serializers make it at once.
 */
export class RequestLogger implements FastifyBaseLogger {
  private own: pino.Logger | undefined;
  constructor(
    private readonly root: pino.Logger,
    private readonly bindings: pino.Bindings,
    private readonly options: pino.ChildLoggerOptions,
  ) {
    if (options.level || options.serializers) this.own = root.child(bindings, options);
  }
  private logger(): pino.Logger {
    this.own ??= this.root.child(this.bindings, this.options);
    return this.own;
  }
  get level(): string {
    return (this.own ?? this.root).level;
  }
  set level(level: string) {
    this.logger().level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.own ?? this.root).isLevelEnabled(level);
  }
  private log(level: pino.Level, args: unknown[]) {
    if (!this.isLevelEnabled(level)) return;
    const logger = this.logger();
    (logger[level] as (...a: unknown[]) => void).apply(logger, args);
  }
  fatal(...args: unknown[]) {
    this.log("fatal", args);
  }
  error(...args: unknown[]) {
    this.log("error", args);
  }
  warn(...args: unknown[]) {
    this.log("warn", args);
  }
  info(...args: unknown[]) {
    this.log("info", args);
  }
  debug(...args: unknown[]) {
    this.log("debug", args);
  }
  trace(...args: unknown[]) {
    this.log("trace", args);
  }
  silent() {}
  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }

  /**
   * The "request completed" line, as pino writes `info({ req, res, responseTime }, "request
   * completed")` for this request (with the serializers below): built as one string instead.
   * The request id is a UUID and the method an HTTP token: neither needs escaping.
   */
  completed(method: string, loggedUrl: string, statusCode: number, responseTime: number) {
    // A route's own level (a stream's "warn") counts, not only the root's.
    if (!this.isLevelEnabled("info")) return;
    writeCompletedLine(this.root, String(this.bindings.reqId), method, loggedUrl, statusCode, responseTime);
  }
}

/**
 * The "request completed" line, as pino writes `info({ req, res, responseTime }, "request
 * completed")` for a request (with the serializers below): built as one string instead.
 * The request id is a UUID and the method an HTTP token: neither needs escaping.
 */
function writeCompletedLine(
  logger: pino.Logger,
  reqId: string,
  method: string,
  loggedUrl: string,
  statusCode: number,
  responseTime: number,
) {
  if (!logger.isLevelEnabled("info")) return;
  const root = logger as unknown as PinoInternals;
  root[pino.symbols.streamSym].write(
    `{"level":30${root[pino.symbols.timeSym]()}${root[pino.symbols.chindingsSym]},"reqId":"${reqId}","req":{"method":"${method}","url":${JSON.stringify(loggedUrl)}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`,
  );
}

/**
 * One line per request, "request completed", written when it is answered; Fastify's own
 * writes "incoming request" as a second line at `info`, which cost the cached pages about a
 * sixth of their requests a second. That line is kept at `debug`, to see what was taken in
 * and never answered.
 */
class RequestLog extends LogController {
  constructor(private readonly loggedPath: (method: string, url: string) => string) {
    super();
  }
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, "incoming request");
  }
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const log = reply.log;
    if (!error && log instanceof RequestLogger)
      log.completed(request.method, this.loggedPath(request.method, request.url), reply.statusCode, reply.elapsedTime);
    else if (error) log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    else log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}

/**
 * Where the log goes unless a test gives a stream: standard output, written in batches
 * (64 KiB, or every half second) instead of one write(2) per line. With one line per request,
 * synchronous writes cost a cached page a third of its rate. Each line is encoded straight into
 * the batch's buffer, which goes to sonic-boom whole (its buffer mode): joining the lines into
 * one string and encoding that again at the write took 2–3 % of a cached page's CPU, and handing
 * sonic-boom one string per line cost more (it measures its whole pending text on every call).
 * A batch handed over is never touched again (the write is asynchronous): the next is a new
 * buffer. What is still pending is written when the process exits normally; a SIGKILL loses at
 * most half a second.
 */
export class BatchedLines {
  private buffer: Buffer;
  private used = 0;
  constructor(
    private readonly destination: { write(bytes: Buffer): unknown },
    private readonly batch = 8192,
  ) {
    this.buffer = Buffer.allocUnsafeSlow(batch);
  }
  write(line: string) {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: a line that might not fit goes to the next batch.
    if (line.length * 3 > this.batch - this.used) {
      this.flush();
      if (line.length * 3 > this.batch) {
        this.destination.write(Buffer.from(line));
        return true;
      }
    }
    this.used += this.buffer.write(line, this.used);
    return true;
  }
  flush() {
    if (this.used === 0) return;
    const full = this.buffer.subarray(0, this.used);
    this.buffer = Buffer.allocUnsafeSlow(this.batch);
    this.used = 0;
    this.destination.write(full);
  }
}

function bufferedStdout() {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 0, contentMode: "buffer" });
  // In buffer mode sonic-boom takes Buffers; its type knows only its string mode.
  const lines = new BatchedLines(destination as unknown as { write(bytes: Buffer): boolean }, 65536);
  const timer = setInterval(() => lines.flush(), 500);
  timer.unref();
  process.once("exit", () => {
    try {
      lines.flush();
      destination.flushSync();
    } catch {
      // Nothing to write, or the stream is already closed.
    }
  });
  return lines;
}
let sharedStdout: ReturnType<typeof bufferedStdout> | undefined;

/**
 * Fastify's logging options: pino at LOG_LEVEL, its serializers, the per-request logger and
 * the request log. `override`: a test's own stream (or other pino options); false: no logger.
 */
/**
 * The request log: Fastify's logging options, and the line for an answer written outside
 * Fastify (a kept copy answered by the HTTP server's own handler: server/page-cache.ts), the
 * same line Fastify's requests get.
 */
export function requestLog(
  config: Pick<Config, "LOG_LEVEL">,
  policies: RoutePolicies,
  override: boolean | object | undefined,
): {
  fastifyOptions: Pick<FastifyServerOptions, "logger" | "logController" | "childLoggerFactory">;
  writtenOutside: (
    log: FastifyBaseLogger,
  ) => (answer: { id: string; method: string; url: string; status: number; elapsedMs: number }) => void;
} {
  const loggedPath = loggedPathOf(policies);
  if (override === false) return { fastifyOptions: { logger: false }, writtenOutside: () => () => {} };
  return {
    fastifyOptions: requestLogFastifyOptions(config, loggedPath, override),
    writtenOutside: (log) => (a) =>
      writeCompletedLine(log as pino.Logger, a.id, a.method, loggedPath(a.method, a.url), a.status, a.elapsedMs),
  };
}

function requestLogFastifyOptions(
  config: Pick<Config, "LOG_LEVEL">,
  loggedPath: (method: string, url: string) => string,
  override: true | object | undefined,
): Pick<FastifyServerOptions, "logger" | "logController" | "childLoggerFactory"> {
  return {
    logger: {
      level: config.LOG_LEVEL,
      serializers: {
        // Never log bodies, query strings or personal path segments.
        // The request id is in every line already (reqId, the request logger's binding).
        req: (req: FastifyRequest) => ({ method: req.method, url: loggedPath(req.method, req.url) }),
      },
      ...(config.LOG_LEVEL === "silent" ? {} : { stream: (sharedStdout ??= bufferedStdout()) }),
      ...(typeof override === "object" ? override : {}),
    },
    logController: new RequestLog(loggedPath),
    childLoggerFactory: (logger, bindings, options) => new RequestLogger(logger as pino.Logger, bindings, options),
  };
}
