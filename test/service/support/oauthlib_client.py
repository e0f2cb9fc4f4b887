"""Signs one GET with python oauthlib (an OAuth 1.0a implementation independent of ours) and performs it.

Usage: oauthlib_client.py MODE URL CONSUMER_KEY CONSUMER_SECRET [TOKEN TOKEN_SECRET [VERIFIER]]
  MODE: header | query (where the oauth_* parameters travel); request_token signs with callback 'oob'.
Prints one JSON line: {"status": <int>, "body": <text>, "www_authenticate": <text or null>}.
Exit code 3 when oauthlib is not installed (Debian: python3-oauthlib).
"""
import json
import sys
import urllib.error
import urllib.request

try:
    from oauthlib import oauth1
except ImportError:
    sys.stderr.write("oauthlib is not installed for this interpreter (Debian package: python3-oauthlib)\n")
    # Exit status 3 makes the interoperability test FAIL, naming the package to install: never a skip.
    raise SystemExit(3)


def main(argv):
    mode, url, key, secret = argv[1:5]
    token = argv[5] if len(argv) > 5 else None
    token_secret = argv[6] if len(argv) > 6 else None
    verifier = argv[7] if len(argv) > 7 else None
    client = oauth1.Client(
        key,
        client_secret=secret,
        resource_owner_key=token,
        resource_owner_secret=token_secret,
        verifier=verifier,
        callback_uri="oob" if mode == "request_token" else None,
        signature_method=oauth1.SIGNATURE_HMAC_SHA1,
        signature_type=oauth1.SIGNATURE_TYPE_QUERY if mode == "query" else oauth1.SIGNATURE_TYPE_AUTH_HEADER,
    )
    uri, headers, _ = client.sign(url, http_method="GET")
    # No proxy: the service listens on loopback.
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(urllib.request.Request(uri, headers=headers, method="GET"), timeout=10) as response:
            status, body, challenge = response.status, response.read(), response.headers.get("WWW-Authenticate")
    except urllib.error.HTTPError as error:
        status, body, challenge = error.code, error.read(), error.headers.get("WWW-Authenticate")
    print(json.dumps({"status": status, "body": body.decode("utf-8"), "www_authenticate": challenge}))


if __name__ == "__main__":
    main(sys.argv)
