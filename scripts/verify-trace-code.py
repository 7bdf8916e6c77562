#!/usr/bin/env python3
"""Verify a 建材帮帮 trace code from outside, sharing no code with the platform (docs/traceability.md,
"Verifying a code from outside").

    python3 scripts/verify-trace-code.py BASE_URL CODE [--key-fingerprint "bfd8 8a5d …"]

BASE_URL is the deployment's address (the demo: http://127.0.0.1:8080), CODE the trace code on the label. The script
  1. fetches the ledger's public key from BASE_URL/.well-known/jcbb-ledger-key.json and, when given, compares its
     fingerprint with the one printed on the label sheet or certificate (fetch it once and keep it: a key from the same
     answer as the proof proves nothing);
  2. fetches the code's EPCIS document (/open/trace/CODE/epcis) and its proof (/open/trace/CODE/proof), signing the
     calls as every /open/ call is signed (HMAC-SHA256 with the deployment's public client key: APP_CODE, AUTH_KEY,
     AUTH_SECRET from the environment, by default the demo's; the key is public by design, it only tells the API
     which client calls);
  3. recomputes every event's CBV 2.0 hash with GS1's reference tool (`pip install epcis-event-hash-generator`), when
     it is installed; without it, says so and checks that each event's id names the hash its ledger entry records;
  4. checks each ledger entry: its leaf hash (SHA-256 of 0x00 and the entry's bytes), its RFC 9162 inclusion proof up
     to the root of the signed tree head, and the head's Ed25519 signature under the key;
  5. prints the chain of custody read from the checked events only: who shipped and received how much of what, when.

Needs Python 3.9+ and `cryptography` (Debian: python3-cryptography). Exit status 0 when every record checks, 1 when
one does not, 2 on a usage or network error.
"""

import base64
import hashlib
import hmac
import json
import os
import secrets
import sys
import time
import urllib.parse
import urllib.request

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey


def get_json(url):
    with urllib.request.urlopen(url, timeout=30) as answer:
        return json.load(answer)


def signed_get(base, path):
    """GET an /open/ path with the five signing parameters (docs/design.md §3; the demo's key by default)."""
    params = {
        "app_code": os.environ.get("APP_CODE", "jcbb"),
        "auth_key": os.environ.get("AUTH_KEY", "jcbb-web-dev"),
        "nonce": secrets.token_hex(16),
        "timestamp": str(int(time.time() * 1000)),
    }
    canonical = "GET\n" + path + "\n" + "&".join(f"{k}={params[k]}" for k in sorted(params))
    secret = os.environ.get("AUTH_SECRET", "jcbb-web-dev-secret-change-me")
    params["signature"] = hmac.new(secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()
    return get_json(base + path + "?" + urllib.parse.urlencode(params))


def sha256(data):
    return hashlib.sha256(data).digest()


def verify_inclusion(leaf, index, size, proof, root):
    """RFC 9162 §2.1.3.2: the audit path from a leaf hash to the root of a tree of `size` leaves."""
    if index >= size:
        return False
    fn, sn, r = index, size - 1, leaf
    for p in proof:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            r = sha256(b"\x01" + p + r)
            if not fn & 1:
                while fn and not fn & 1:
                    fn >>= 1
                    sn >>= 1
        else:
            r = sha256(b"\x01" + r + p)
        fn >>= 1
        sn >>= 1
    return sn == 0 and r == root


def reference_hashes(document):
    """The reference tool's hash ids of the document's events, or None when the tool is not installed."""
    try:
        from epcis_event_hash_generator import events_from_file_reader, hash_generator
    except ImportError:
        return None
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".jsonld", delete=False, encoding="utf-8") as f:
        json.dump(document, f, ensure_ascii=False)
    try:
        events = events_from_file_reader.event_list_from_file(f.name)
        prehashes = hash_generator.derive_prehashes_from_events(events)
        return hash_generator.calculate_hashes_from_pre_hashes(prehashes, "sha256")
    finally:
        os.unlink(f.name)


STEPS = {
    "commissioning": "赋码 issued",
    "packing": "装箱 packed",
    "shipping": "发货 shipped",
    "returning": "退货 returned",
    "void_shipping": "作废/退回 voided",
    "receiving": "收货 received",
    "inspecting": "拒收 rejected",
}


def describe(event):
    step = event.get("bizStep", "")
    if step == "shipping" and event.get("disposition") == "returned":
        step = "returning"
    parts = [event.get("eventTime", ""), STEPS.get(step, step)]
    who = event.get("jcbb:actorName") or (event.get("ilmd") or {}).get("jcbb:makerName")
    if who:
        parts.append(who)
    if event.get("jcbb:sourceName") and event.get("jcbb:destinationName"):
        parts.append(f"{event['jcbb:sourceName']} → {event['jcbb:destinationName']}")
    for line in event.get("jcbb:lines", []):
        parts.append(
            f"{line.get('jcbb:productName')} {line.get('jcbb:specName')} 批号 {line.get('jcbb:batchNo')}: "
            f"{line.get('jcbb:quantity')} {line.get('jcbb:unitName')} ({line.get('jcbb:codeCount')} 码)"
        )
    transport = event.get("jcbb:transport")
    if transport:
        carbon = transport.get("jcbb:kgCO2e", "缺少质量数据 mass missing")
        parts.append(f"{transport.get('jcbb:distanceKm')} km ({transport.get('jcbb:distanceSource')}), {carbon} kgCO2e")
    if event.get("jcbb:reason"):
        parts.append(f"原因 {event['jcbb:reason']}")
    return " · ".join(parts)


def main(argv):
    if len(argv) < 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    base, code = argv[1].rstrip("/"), argv[2].strip().upper()
    printed = argv[argv.index("--key-fingerprint") + 1] if "--key-fingerprint" in argv else None

    key = get_json(base + "/.well-known/jcbb-ledger-key.json")
    raw_key = bytes.fromhex(key["publicKey"])
    fingerprint = " ".join(hashlib.sha256(raw_key).hexdigest()[:32][i : i + 4] for i in range(0, 32, 4))
    print(f"ledger key {key['publicKey']} (fingerprint {fingerprint})")
    if fingerprint != key["fingerprint"] or (printed and printed.replace(" ", "") != fingerprint.replace(" ", "")):
        print("FAIL: the key's fingerprint is not the one expected")
        return 1

    document = signed_get(base, f"/open/trace/{code}/epcis")
    proof = signed_get(base, f"/open/trace/{code}/proof")["data"]
    events = document["epcisBody"]["eventList"]
    if [e["event"] for e in proof["events"]] != events:
        print("FAIL: the proof's events are not the EPCIS document's")
        return 1

    head = proof["sth"]
    signed = f"{key['treeHeadFormat']}\ntree_size={head['treeSize']}\ntimestamp={head['timestamp']}\nroot_hash={head['rootHash']}\n"
    try:
        Ed25519PublicKey.from_public_bytes(raw_key).verify(bytes.fromhex(head["signature"]), signed.encode())
    except InvalidSignature:
        print("FAIL: the tree head's signature does not hold")
        return 1
    print(f"signed tree head: {head['treeSize']} entries, root {head['rootHash'][:16]}…, signature holds")

    recomputed = reference_hashes(document)
    if recomputed is None:
        print("note: GS1's reference tool is not installed (pip install epcis-event-hash-generator): event ids are "
              "taken from the document and checked against the ledger, not recomputed")
    ok = True
    for i, item in enumerate(proof["events"]):
        event = item["event"]
        event_id = event["eventID"]
        if recomputed is not None and recomputed[i] != event_id:
            print(f"FAIL {event_id}: the reference tool computes {recomputed[i]}")
            ok = False
            continue
        entry = base64.b64decode(item["entry"])
        recorded = json.loads(entry)["contentSha256"]
        leaf = sha256(b"\x00" + entry)
        included = verify_inclusion(
            leaf, item["leafIndex"], head["treeSize"], [bytes.fromhex(p) for p in item["inclusionProof"]],
            bytes.fromhex(head["rootHash"]),
        )
        if f"ni:///sha-256;{recorded}?ver=CBV2.0" != event_id or leaf.hex() != item["leafHash"] or not included:
            print(f"FAIL {event_id}: ledger entry {item['leafIndex']} does not prove it")
            ok = False
            continue
        print(f"ok   #{item['leafIndex']}  {describe(event)}")
    certificate = proof.get("certificate")
    if certificate:
        entry = base64.b64decode(certificate["entry"])
        record = json.loads(certificate["content"])
        leaf = sha256(b"\x00" + entry)
        holds = (
            json.loads(entry)["contentSha256"] == hashlib.sha256(certificate["content"].encode()).hexdigest()
            and verify_inclusion(
                leaf, certificate["leafIndex"], head["treeSize"],
                [bytes.fromhex(p) for p in certificate["inclusionProof"]], bytes.fromhex(head["rootHash"]),
            )
        )
        print(f"{'ok  ' if holds else 'FAIL'} #{certificate['leafIndex']}  certificate {record.get('certNo')}")
        ok = ok and holds
    print("every record checks" if ok else "NOT every record checks")
    return 0 if ok else 1


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except (OSError, ValueError, KeyError) as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
