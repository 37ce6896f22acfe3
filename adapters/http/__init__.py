"""HTTP adapters: the SSRF-guarded httpx fetcher and the HTML-to-markdown converter."""
