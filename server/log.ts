/** The standalone server's log: one line per call, at a level. Its own module so every part of the server shares it. */
export type LogLevel = "info" | "warn" | "error";
export type Log = (level: LogLevel, message: string) => void;
