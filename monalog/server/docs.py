"""/docs: the API listed from its OpenAPI schema as one self-contained page (FastAPI's Swagger UI loads
its scripts from a CDN, which an offline machine cannot reach). The schema itself is /openapi.json."""
from __future__ import annotations

import json
from html import escape

STYLE = """body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
code,pre{font-family:ui-monospace,monospace;font-size:.9em}pre{background:#f4f4f4;padding:.75rem;overflow:auto}
.method{display:inline-block;min-width:4rem;font-weight:700;color:#0b5394}table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
section{border-top:1px solid #ccc;margin-top:1.5rem}"""


def _ref(schema: dict, components: dict) -> dict:
    while "$ref" in schema:
        schema = components.get(schema["$ref"].rsplit("/", 1)[-1], {})
    return schema


def _type(schema: dict, components: dict) -> str:
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    if "anyOf" in schema:
        return " | ".join(_type(s, components) for s in schema["anyOf"])
    if "enum" in schema:
        return " | ".join(json.dumps(v, ensure_ascii=False) for v in schema["enum"])
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    if schema.get("type") == "array":
        return f"list of {_type(schema.get('items', {}), components)}"
    return str(schema.get("type", "any"))


def _fields(name: str, components: dict, seen: set[str]) -> list[str]:
    """A table of a model's fields, then the tables of the models it uses."""
    if name in seen or name not in components:
        return []
    seen.add(name)
    schema = components[name]
    rows, nested = [], []
    required = set(schema.get("required", []))
    for field, spec in schema.get("properties", {}).items():
        default = ("required" if field in required else json.dumps(spec["default"], ensure_ascii=False)
                   if "default" in spec else "optional")
        rows.append(f"<tr><td><code>{escape(field)}</code></td><td>{escape(_type(spec, components))}</td>"
                    f"<td>{escape(default)}</td><td>{escape(spec.get('description', ''))}</td></tr>")
        text = json.dumps(spec)
        nested += [ref.split('"')[0] for ref in text.split("#/components/schemas/")[1:]]
    out = [f"<h4>{escape(name)}</h4>"]
    if schema.get("description"):
        out.append(f"<p>{escape(schema['description'])}</p>")
    header = "<tr><th>field</th><th>type</th><th>default</th><th>meaning</th></tr>"
    out.append(f"<table>{header}{''.join(rows)}</table>")
    for ref in nested:
        out += _fields(ref, components, seen)
    return out


def docs_page(openapi: dict) -> str:
    info = openapi.get("info", {})
    components = openapi.get("components", {}).get("schemas", {})
    title = escape(info.get("title", ""))
    parts = [f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title} API"
             f"</title><style>{STYLE}</style></head><body><h1>{title} API "
             f"{escape(str(info.get('version', '')))}</h1><p>{escape(info.get('description', ''))}</p>"
             "<p>The machine-readable schema: <a href=\"/openapi.json\">/openapi.json</a>. "
             "The proof explorer: <a href=\"/\">/</a>.</p>"]
    for path, methods in openapi.get("paths", {}).items():
        for method, operation in methods.items():
            parts.append(f"<section><h2><span class=\"method\">{escape(method.upper())}</span> "
                         f"<code>{escape(path)}</code></h2><p>{escape(operation.get('summary', ''))}</p>")
            if operation.get("description"):
                parts.append(f"<p>{escape(operation['description'])}</p>")
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            if body:
                name = body.get("$ref", "").rsplit("/", 1)[-1]
                parts.append("<h3>Request body</h3>")
                parts += _fields(name, components, set())
            parts.append("</section>")
    parts.append("</body></html>")
    return "".join(parts)
