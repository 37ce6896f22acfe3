from __future__ import annotations

import pytest

from adapters.http.beautifulsoup_html_converter import BeautifulSoupHtmlConverter


def convert(html: str, base_url: str = "https://docs.example.com/a/") -> str:
    return BeautifulSoupHtmlConverter().to_markdown(html, base_url)


@pytest.mark.parametrize(
    ("block", "language"),
    [
        ('<pre><code class="language-rust">fn main() {}</code></pre>', "rust"),
        ('<pre class="lang-go"><code>package main</code></pre>', "go"),
        (
            '<div class="highlight highlight-source-ts"><pre>let a = 1;</pre></div>',
            "ts",
        ),
        (
            '<div class="highlight-python notranslate"><div class="highlight"><pre>x = 1</pre></div></div>',
            "python",
        ),
        ('<pre data-lang="yaml"><code>a: 1</code></pre>', "yaml"),
        ('<pre class="sourceCode haskell"><code>main = pure ()</code></pre>', "haskell"),
        ('<pre><code class="hljs language-c++">int x;</code></pre>', "c++"),
        ('<pre><code class="language-plaintext">just text</code></pre>', ""),
        ("<pre>no language</pre>", ""),
    ],
)
def test_code_blocks_keep_their_language(block: str, language: str) -> None:
    markdown = convert(f"<main><h1>T</h1>{block}</main>")

    assert f"```{language}\n" in markdown
    assert markdown.count("```") == 2


def test_code_is_kept_verbatim_with_indentation_and_markdown_characters() -> None:
    code = "def f(x):\n    return x * 2  # _not_ *emphasis*\n\n\n    # [link](x)\n"
    markdown = convert(f'<main><pre><code class="language-python">{code}</code></pre></main>')

    assert "def f(x):\n    return x * 2  # _not_ *emphasis*\n\n\n    # [link](x)\n```" in markdown


def test_a_fence_is_longer_than_any_backtick_run_in_the_code() -> None:
    markdown = convert("<main><pre><code>```inner```</code></pre></main>")

    assert "````\n```inner```\n````" in markdown


def test_main_or_article_is_preferred_over_the_page() -> None:
    html = """<body><div class="promo">Buy now</div><article><h1>Only this</h1>
    <p>Body text.</p></article><div>Related posts</div></body>"""

    markdown = convert(html)

    assert "Only this" in markdown and "Body text." in markdown
    assert "Buy now" not in markdown and "Related posts" not in markdown


def test_an_article_header_holding_the_title_is_kept() -> None:
    html = """<header>Site menu</header><main><article><header><h1>Title</h1></header>
    <p>Text</p><footer>Share this</footer></article></main>"""

    markdown = convert(html)

    assert "# Title" in markdown
    assert "Site menu" not in markdown and "Share this" not in markdown


@pytest.mark.parametrize(
    "noise",
    [
        '<div id="onetrust-banner-sdk">We value your privacy</div>',
        '<div class="cookie-banner">Cookies!</div>',
        '<section class="gdpr-consent">Consent please</section>',
        '<div id="CybotCookiebotDialog" class="cookiebot">Accept</div>',
        '<div class="cc-window">This site uses cookies</div>',
        "<div hidden>Secret hidden text</div>",
        '<div aria-hidden="true">Icon text</div>',
        '<p style="display:none">Invisible</p>',
        '<form><label>Email</label><input name="e"></form>',
        "<script>var tracking = 1;</script>",
        "<noscript>Enable JavaScript</noscript>",
        '<iframe src="https://ads.example"></iframe>',
        "<svg><text>Logo</text></svg>",
        "<aside>Sidebar links</aside>",
        "<nav>Breadcrumbs</nav>",
    ],
)
def test_noise_is_removed(noise: str) -> None:
    markdown = convert(f"<main><h1>Doc</h1>{noise}<p>Keep me.</p></main>")

    assert markdown == "# Doc\n\nKeep me.\n"


def test_a_section_about_cookies_is_content() -> None:
    markdown = convert('<main><h2 id="cookies">Cookies</h2><p>Set-Cookie sets one.</p></main>')

    assert "## Cookies" in markdown and "Set-Cookie sets one." in markdown


def test_lists_tables_and_links_survive() -> None:
    html = """<main><h1>API</h1><ul><li>one</li><li>two</li></ul>
    <table><tr><th>Name</th><th>Type</th></tr><tr><td>id</td><td>int</td></tr></table>
    <p><a href="../b/">next page</a></p></main>"""

    markdown = convert(html)

    assert "  * one\n  * two" in markdown
    assert "Name| Type\n---|---\nid| int" in markdown
    assert "[next page](https://docs.example.com/b/)" in markdown


def test_the_title_heads_a_page_without_h1() -> None:
    markdown = convert(
        "<html><head><title>Release notes</title></head><body><p>v2</p></body></html>"
    )

    assert markdown.startswith("# Release notes\n\nv2")


@pytest.mark.parametrize("html", ["", "<html></html>", "<<<>>>", "<div><p>unclosed", "\x00\x01"])
def test_malformed_or_empty_html_never_raises(html: str) -> None:
    assert isinstance(convert(html), str)


def test_javascript_only_pages_convert_to_nothing() -> None:
    assert convert("<html><body><div id=root></div><script>render()</script></body></html>") == ""
