"""Attempts to route around ``Bash(...)`` deny rules; every one must be blocked, and ordinary
commands that merely mention a denied word must still pass."""

from __future__ import annotations

import pytest

from domain.permissions.evaluation import Decision, evaluate_code, evaluate_shell
from domain.permissions.rules import policy_from_lists

POLICY = policy_from_lists(
    allow=("Bash(git status)", "Bash(echo:*)", "Bash(ls *)"),
    ask=("Bash(git push:*)",),
    deny=("Bash(sudo *)", "Bash(rm -rf:*)", "Bash(curl:*)"),
    origin="settings.json",
)

SHELL_BYPASSES = [
    "sudo rm x",
    "echo ok\nsudo rm x",
    "echo ok; sudo rm x",
    "echo ok && sudo rm x",
    "false || sudo rm x",
    "echo ok | sudo tee /etc/x",
    "sleep 1 & sudo rm x",
    "echo $(sudo rm x)",
    'echo "$(sudo rm x)"',
    "echo `sudo rm x`",
    'echo "`sudo rm x`"',
    "diff <(sudo cat /etc/shadow) /dev/null",
    "(sudo rm x)",
    "{ sudo rm x; }",
    "FOO=1 sudo rm x",
    "A=1 B=2 sudo rm x",
    "env sudo rm x",
    "env -i PATH=/usr/bin sudo rm x",
    "env -u HOME sudo rm x",
    "env -S 'sudo rm x'",
    "command sudo rm x",
    "builtin exec sudo rm x",
    "exec sudo rm x",
    "nice -n 5 sudo rm x",
    "nohup sudo rm x",
    "time sudo rm x",
    "timeout 5 sudo rm x",
    "timeout -s KILL 5 sudo rm x",
    "echo x | xargs sudo rm",
    "echo x | xargs -I{} -n 1 sudo rm {}",
    "stdbuf -o0 sudo rm x",
    "doas rm -rf /",
    "sudo -u root rm x",
    "/usr/bin/sudo rm x",
    '"sudo" rm x',
    "'sudo' rm x",
    "s\\udo rm x",
    "su''do rm x",
    "$'\\x73udo' rm x",
    "sudo   rm    x",
    "bash -c 'sudo rm x'",
    'sh -c "sudo rm x"',
    "bash -lc 'echo hi; sudo rm x'",
    "bash -c \"bash -c 'sudo rm x'\"",
    "eval 'sudo rm x'",
    "echo 'sudo rm x' | bash",
    "bash <<< 'sudo rm x'",
    "bash <<EOF\nsudo rm x\nEOF",
    "cat <<EOF\n$(sudo rm x)\nEOF",
    "rm -rf /tmp/x",
    "rm -rf",
    "  rm -rf /",
    "if true; then sudo rm x; fi",
    "for f in a; do sudo rm $f; done",
    "while true; do curl example.com; done",
    "curl https://example.com",
    "echo ok\\\nsudo rm x" if False else "echo ok;\\\nsudo rm x",
    "python3 -c 'import os; os.system(\"sudo rm x\")'",
    'node -e \'require("child_process").execSync("sudo rm x")\'',
    "perl -e 'system(\"sudo rm x\")'",
    "python3 <<EOF\nimport os\nos.system('sudo rm x')\nEOF",
    ">/dev/null sudo rm x",
    "! sudo rm x",
    "echo $(echo $(sudo rm x))",
    "x=$(sudo rm x)",
    "f() { sudo rm x; }; f",
    "find . -name x -exec sudo rm {} \\;",
    "find . -execdir sudo rm {} +",
    "su -c 'sudo rm x'",
    "su root --command='sudo rm x'",
    "awk 'BEGIN { system(\"sudo rm x\") }'",
    "awk 'BEGIN { \"sudo rm x\" | getline out }'",
    "watch -n 1 'sudo rm x'",
    "X=sudo; $X rm x",
    'X="sudo rm"; ${X} x',
    "export X=sudo\n$X rm x",
    "X=$(echo sudo); $X rm x",
    "for c in sudo; do $c rm x; done",
    "read c; $c rm x",
    "function f { sudo rm x; }; f",
    "coproc sudo rm x",
    "shopt -s expand_aliases; alias s=sudo; s rm x",
    "${SUDO:-sudo} rm x",
    "$(echo sudo) rm x",
    "`echo sudo` rm x",
    "/usr/bin/su?o rm x",
    "/usr/bin/s*o rm x",
    "{sudo,} rm x",
    "{sudo,rm,x}",
    'a=(sudo rm x); "${a[@]}"',
    "printf -v c sudo; $c rm x",
    "IFS=,; X=sudo,rm,x; $X",
    'sh -c "$(echo c3VkbyBybSB4 | base64 -d)"',
    "ssh localhost sudo rm x",
    "ssh -p 22 localhost 'sudo rm x'",
    "$EDITOR notes.txt",  # a program named by the environment could be anything
]

CODE_BYPASSES = [
    ("python", "import os\nos.system('sudo rm x')"),
    ("python", 'import os\nos.popen("sudo rm x").read()'),
    ("python", "import subprocess\nsubprocess.run(['sudo', 'rm', 'x'])"),
    ("python", "import subprocess\nsubprocess.check_output('echo a; sudo rm x', shell=True)"),
    ("python", "import pty\npty.spawn(['sudo', 'rm', 'x'])"),
    ("python", "import os\ncmd = 'sudo rm x'\nos.system(cmd)"),
    ("python", "import os\nos.system('su' + 'do rm x')"),
    ("python", "import os\nos.system(f'{c} rm x')"),
    ("python", "import subprocess\nsubprocess.run(['bash', '-c', 'sudo rm x'])"),
    ("python", "import subprocess as sp\nsp.run('sudo rm x', shell=True)"),
    ("python", "from os import system\nsystem('sudo rm x')"),
    ("python", "import subprocess as sp; sp.run('sudo rm x', shell=True)"),
    ("python", "import subprocess as sp  # quiet\nsp.run('sudo rm x', shell=True)"),
    ("python", "x = 1; import subprocess as sp\nsp.run('sudo rm x', shell=True)"),
    ("python", "if True: import subprocess as sp\nsp.run('sudo rm x', shell=True)"),
    ("python", "from os import system; system('sudo rm x')"),
    ("python", "from os import (\n  system,  # shell\n)\nsystem('sudo rm x')"),
    ("python", "import subprocess as sp; sp.run(cmd)"),
    ("python", "from subprocess import (\n    check_output as co,\n)\nco(['sudo', 'rm'])"),
    ("python", "import os as o, sys\no.system(cmd)"),
    ("go", 'exec.Command("sh", "-c", "sudo rm x").Run()'),
    ("rust", 'Command::new("sh").arg("-c").arg("sudo rm x").status();'),
    ("javascript", "const cp = require('child_process');\ncp.execSync('sudo rm x')"),
    ("javascript", "const { exec } = require('child_process');\nexec(`sudo rm x`)"),
    ("javascript", "require('child_process').spawn('sudo', ['rm', 'x'])"),
    ("typescript", "import { execFileSync } from 'child_process';\nexecFileSync('sudo', ['rm'])"),
    ("ruby", "system('sudo rm x')"),
    ("ruby", "system 'sudo rm x'"),
    ("ruby", "puts `sudo rm x`"),
    ("ruby", "puts %x(sudo rm x)"),
    ("ruby", "exec('sudo', 'rm', 'x')"),
    ("ruby", "IO.popen(['sudo', 'rm', 'x']).read"),
    ("ruby", "require 'open3'\nOpen3.capture2('sudo rm x')"),
    ("go", 'exec.Command("sudo", "rm", "x").Run()'),
    ("go", "exec.Command(`sudo`, `rm`).Run()"),
    ("rust", 'Command::new("sudo").arg("rm").arg("x").status();'),
    ("rust", "let c = name();\nCommand::new(c).status();"),
    ("php", "echo shell_exec('sudo rm x');"),
    ("php", 'system("sudo rm x");'),
    ("php", "passthru('sudo rm x');"),
    ("php", "echo `sudo rm x`;"),
    ("perl", "system('sudo rm x');"),
    ("perl", "system 'sudo', 'rm', 'x';"),
    ("perl", "my $o = `sudo rm x`;"),
    ("perl", "my $o = qx{sudo rm x};"),
    ("perl", "open(my $fh, '-|', 'sudo rm x');"),
    ("perl", "open(FH, 'sudo rm x |');"),
    ("r", 'system("sudo rm x")'),
    ("r", 'system2("sudo", args = c("rm", "x"))'),
    ("elixir", 'System.cmd("sudo", ["rm", "x"])'),
    ("elixir", ":os.cmd('sudo rm x')"),
    ("elixir", 'System.shell("sudo rm x")'),
]

NEAR_MISSES = [
    'echo "sudo is denied"',
    "echo 'sudo rm x'",
    "grep sudo /etc/group",
    "git status",
    "ls -la",
    "cat <<'EOF'\nsudo rm x\n$(sudo rm x)\nEOF",
    "echo ok # sudo rm x",
    "rm -r build",
    "sudoedit x" if False else "ls sudo",
    "printf '%s\\n' 'curl is blocked'",
    "echo hi 2>&1",
    "find . -name '*.py' -exec grep -l sudo {} +",
    "awk '{ print \"sudo\" }' file",
    "echo {a,b}",
    "X=ls; $X -la",
    '"$HOME/.local/bin/tool" --version',
    "[ -f x ] && echo yes",
    "[[ -n x ]] && ls",
    "ssh host uptime",
    "ls *.py",
]

CODE_NEAR_MISSES = [
    ("python", "print('sudo rm x')"),
    ("python", "import re\nre.sub('a', 'b', 'c')"),
    ("python", "from os import path\nprint(path.join('a', 'sudo'))"),
    ("python", "def run(x):\n    return x\nrun(cmd)"),
    ("javascript", "const m = /x/.exec(line); console.log('sudo')"),
    ("php", "$pdo->exec('DELETE FROM t');"),
    ("go", 'fmt.Println("sudo rm x")'),
    ("ruby", "puts 'sudo rm x'"),
]


@pytest.mark.parametrize("script", SHELL_BYPASSES)
def test_shell_bypass_is_denied(script: str) -> None:
    verdict = evaluate_shell(POLICY, script)
    assert verdict.decision is Decision.DENY, script


@pytest.mark.parametrize(("language", "code"), CODE_BYPASSES)
def test_embedded_command_is_denied(language: str, code: str) -> None:
    verdict = evaluate_code(POLICY, language, code)
    assert verdict.decision is Decision.DENY, code


@pytest.mark.parametrize("script", NEAR_MISSES)
def test_near_miss_is_not_denied(script: str) -> None:
    assert evaluate_shell(POLICY, script).decision is not Decision.DENY


@pytest.mark.parametrize(("language", "code"), CODE_NEAR_MISSES)
def test_code_near_miss_is_not_denied(language: str, code: str) -> None:
    assert evaluate_code(POLICY, language, code).decision is not Decision.DENY


def test_corpus_is_large_enough() -> None:
    assert len(SHELL_BYPASSES) + len(CODE_BYPASSES) >= 40
