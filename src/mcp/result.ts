/**
 * An MCP tool result as a PTC-Lisp tool result: `structuredContent` when the server sends
 * it (JSON the program can take apart), else the text of the content blocks; other blocks
 * are named (`[image image/png]`). A result with `isError` is thrown, so it reaches the
 * model as the tool's error (`tool/x failed: ...`).
 */
import { isRecord } from "../llm/wire.js";

/** What ptcc reads of a `tools/call` result. */
export interface McpCallResult {
  readonly content?: readonly unknown[];
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
}

export function toolResult(result: unknown): unknown {
  const r: McpCallResult = isRecord(result) ? result : {};
  if (r.isError === true) {
    const text = contentText(r.content);
    throw new Error(text === "" ? "the tool reported an error" : text);
  }
  if (r.structuredContent !== undefined) return r.structuredContent;
  const text = contentText(r.content);
  return text === "" && (r.content?.length ?? 0) === 0 ? null : text;
}

/** The content blocks as text: text blocks as they are, others by their kind. */
export function contentText(content: readonly unknown[] | undefined): string {
  if (!Array.isArray(content)) return "";
  return content
    .map((block: unknown) => {
      if (!isRecord(block)) return "";
      switch (block["type"]) {
        case "text":
          return typeof block["text"] === "string" ? block["text"] : "";
        case "resource": {
          const res = block["resource"];
          if (isRecord(res) && typeof res["text"] === "string") return res["text"];
          return `[resource ${isRecord(res) ? String(res["uri"] ?? "") : ""}]`;
        }
        case "resource_link":
          return `[resource ${String(block["uri"] ?? "")}]`;
        default:
          return `[${String(block["type"] ?? "content")}${typeof block["mimeType"] === "string" ? ` ${block["mimeType"]}` : ""}]`;
      }
    })
    .filter((t) => t !== "")
    .join("\n");
}
