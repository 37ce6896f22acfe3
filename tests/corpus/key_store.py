"""Ways code may name capy's key store (``~/.config/capy/keys``); all must be refused. And code
that only looks similar, which must run."""

from __future__ import annotations

ATTEMPTS = [
    ("shell", "cat ~/.config/capy/keys/*"),
    ("shell", "cat ~/.config//capy/keys/*"),
    ("shell", "cat ~/.config/capy/./keys/*"),
    ("shell", "cat ~/.config/capy/../capy/keys/*"),
    ("shell", "cd ~/.config/capy && cat keys/*"),
    ("shell", "cat $XDG_CONFIG_HOME/capy/keys/*"),
    ("shell", "cat ${XDG_CONFIG_HOME}/capy/keys/*"),
    ("shell", "cat ${XDG_CONFIG_HOME:-$HOME/.config}/capy/keys/*"),
    ("shell", "cat $HOME//.config/capy/keys/*"),
    ("shell", 'cat "$HOME"/.config/capy/keys/*'),
    ("shell", "cat ~/'.config'/capy/keys/*"),
    ("shell", "cat ~/.config/capy/keys/../keys/*"),
    ("shell", "cat {home}/.config/./capy//keys/*"),
    ("shell", "cd ~/.config; cat capy/keys/*"),
    ("shell", "cd ~ && cat .config/capy/keys/*"),
    ("shell", "tar c ~/.config/capy | tar tv"),
    ("shell", "find ~/.config/capy -type f -exec cat {} +"),
    ("shell", "cp -r ~/.config/capy /tmp/capy-copy && cat /tmp/capy-copy/keys/*"),
    ("shell", "cat ~/.config/*/keys/*"),
    ("shell", "cat ~/.c*/capy/k*/*"),
    ("shell", "cat ~/.config/ca?y/keys/*"),
    ("shell", "cat {home_parent}/*/.config/capy/keys/*"),
    ("shell", "grep -r . ~/.config/capy"),
    ("python", "print(open(__import__('os').path.expanduser('~/.config/capy/keys/x')).read())"),
    (
        "python",
        "import os\nprint(os.listdir(os.path.join(os.path.expanduser('~'), '.config', 'capy', 'keys')))",
    ),
    (
        "python",
        "from pathlib import Path\nprint(list((Path.home() / '.config' / 'capy' / 'keys').iterdir()))",
    ),
    ("python", "import os\nprint(os.listdir(os.environ['HOME'] + '/.config/capy/keys'))"),
    (
        "javascript",
        "const fs = require('fs'), os = require('os');\nconsole.log(fs.readdirSync(os.homedir() + '/.config/capy/keys'))",
    ),
    (
        "javascript",
        "const fs = require('fs'), os = require('os'), path = require('path');\nconsole.log(fs.readdirSync(path.join(os.homedir(), '.config', 'capy', 'keys')))",
    ),
    ("ruby", "puts Dir.children(File.expand_path('~/.config/capy/keys'))"),
    ("perl", 'opendir(my $d, "$ENV{HOME}/.config/capy/keys"); print readdir($d);'),
    ("shell", 'cat "${HOME}/.config/capy/keys/"*'),
]

ORDINARY = [
    ("shell", "ls ~/.config/gh 2>/dev/null; echo done"),
    ("shell", "cat ~/.bashrc >/dev/null 2>&1; echo done"),
    ("shell", "echo capy keys are private"),
    ("shell", "ls /tmp/capy/keys 2>/dev/null; echo done"),
    ("python", "print('~/.config is where tools keep settings')"),
]
