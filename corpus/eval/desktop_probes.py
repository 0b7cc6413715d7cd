#!/usr/bin/env python3
"""Launcher probes on real desktop files: what people type into GNOME Shell,
KRunner or rofi, asked of `limelight search` over the .desktop files of
popular Debian packages, beside a rofi-like ranking of the same files.

The packages are fetched with `apt-get download` (not installed) into
.build/eval/desktop/debs and only their usr/share/applications is kept, and
the Qt plugins of Plasma's settings modules (plasma/kcms), where their search
keywords are. Their TryExec lines are dropped: the programs are not installed
here, and TryExec would hide every entry. So would Exec, whose program must be
found too (as GLib hides it): each Exec's program gets an empty stand-in in
.build/eval/desktop/bin, on PATH (an absolute path as its base name). Each
language's index is made with `limelight sync apps`, as on a desktop: a GNOME
session over PACKAGES' tree (root), and a Plasma session over those and
KDE_PACKAGES (root-kde, with QT_PLUGIN_PATH at its plugins), each tree alone
in XDG_DATA_DIRS.

The probes (corpus/eval/queries/desktop-probes.tsv and, written later by
other hands, desktop-probes-second.tsv, desktop-probes-third.tsv,
desktop-probes-tasks.tsv, desktop-probes-settings.tsv, desktop-probes-panels-or-apps.tsv and, asked in
the Plasma session, desktop-probes-plasma.tsv: query, the desktop ids that are right, its kind,
LANG) were written before any was run (two more sets are made from the files: each Korean name
typed by its initial consonants, and as the Latin keys of the Korean layout, `korean_initials`): name prefixes, generic names and
categories, keywords, words inside a name, typos, executable names, German,
French and Spanish names, abbreviated words, and tasks ("take screenshot"). A probe is right at 1
when the first hit is one of the right apps (an App Shortcut of one counts:
it opens it; a settings panel counts as its own desktop id, which a probe
names when it wants the panel: "Users" is no answer to `control panel`), at 3 when one of the first three is.

    python3 corpus/eval/desktop_probes.py [--limelight .build/release/limelight]

Writes .build/eval/DESKTOP.md and prints it. `make eval-desktop` builds and runs it.
"""
import argparse
import collections
import glob
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
WORK = os.path.join(ROOT, '.build', 'eval', 'desktop')
BIN = os.path.join(WORK, 'bin')
# Each session's tree: GNOME's of PACKAGES, Plasma's of those and
# KDE_PACKAGES, with the settings modules' Qt plugins (their keywords).
ROOTS = {'GNOME': os.path.join(WORK, 'root'), 'KDE': os.path.join(WORK, 'root-kde')}


def apps_dir(session):
    return os.path.join(ROOTS[session], 'usr', 'share', 'applications')


def plugin_dirs(session):
    """The tree's Qt plugin directories (usr/lib/<multiarch>/qt5/plugins), as QT_PLUGIN_PATH."""
    return os.pathsep.join(sorted(glob.glob(os.path.join(ROOTS[session], 'usr', 'lib', '*', 'qt*', 'plugins'))))


# Seven sets, each written before any of it was run, by people who did not
# see each other's: the first while the ranking was built, the second after
# (at 742070d: 155 of 164 right first; its abbreviated words led to 14edf53),
# the third after the first two had led to the generic name and description
# tiers, the fourth (tasks) at 46eaa07, the fifth (settings) at 084c109,
# once settings panels were imported, the sixth (a panel or an app) at
# 8d944b9, once the fifth had been looked at, the seventh (Plasma) at 77107e4,
# before the modules' plugins were read.
PROBE_SETS = [
    ('First set', os.path.join(HERE, 'queries', 'desktop-probes.tsv'),
     'Written before any was run; looked at while the ranking of apps was built.', 'GNOME'),
    ('Second set', os.path.join(HERE, 'queries', 'desktop-probes-second.tsv'),
     'Written later by another hand, without seeing the first set, before any was run; it adds words '
     'abbreviated as launchers read them (multiword: `sys set`, `libre wri`).', 'GNOME'),
    ('Third set', os.path.join(HERE, 'queries', 'desktop-probes-third.tsv'),
     'Written by a third hand from the desktop files alone, without seeing the other sets or running '
     'anything, before the generic name and description tiers were measured on it.', 'GNOME'),
    ('Tasks', os.path.join(HERE, 'queries', 'desktop-probes-tasks.tsv'),
     'What a person types who knows what to do but not which app does it ("take screenshot", "what is '
     'filling my hard drive"), written by a fourth hand from the desktop files alone, without seeing the '
     'other sets or running anything.', 'GNOME'),
    ('Settings', os.path.join(HERE, 'queries', 'desktop-probes-settings.tsv'),
     'What a person types to change a system setting or reach a settings page ("blueto", "dark mode", '
     '"keyboard shortcuts", "souris"), written by a fifth hand from the desktop files alone (GNOME Settings\' '
     'panels among them), without seeing the other sets or running anything; right answers are the panels\' '
     'own desktop ids, or an app where an app is what the person wants.', 'GNOME'),
    ('A panel or an app', os.path.join(HERE, 'queries', 'desktop-probes-panels-or-apps.tsv'),
     'Where a settings panel and an app could both answer ("sound", "print screen", "disk usage", "horloge"), '
     'written by a sixth hand from the desktop files alone, without seeing the other sets or running anything, '
     'after the fifth had been looked at: some want the panel, some the app.', 'GNOME'),
    ('Plasma', os.path.join(HERE, 'queries', 'desktop-probes-plasma.tsv'),
     'What a Plasma user types into KRunner, most of it to reach a page of System Settings ("wifi", "night col", '
     '"screen resolution", "fuseau horaire"), some an app ("print screen"), written by a seventh hand from the '
     'desktop files alone, without seeing the other sets, the modules\' plugins or running anything. The pages\' '
     'desktop files hold a name and a command line only; their keywords are in their Qt plugins.', 'KDE'),
    ('Words of pages and apps', os.path.join(HERE, 'queries', 'desktop-probes-keywords.tsv'),
     'One word, mostly, from what a settings page or an app is about, its keywords, comment or name ("dns", '
     '"proxy", "bright", "calculator"), half wanting a page and half an app, written by an eighth hand from the '
     'desktop files alone, without seeing the other sets or running anything, after an audit found panels '
     'below apps that matched only weakly ("dns" was Document Scanner by its initials).', 'GNOME'),
    ('Words of pages and apps, Plasma', os.path.join(HERE, 'queries', 'desktop-probes-keywords-plasma.tsv'),
     'The same for a Plasma session, by the same hand, from the desktop files and the modules\' plugin '
     'metadata.', 'KDE'),
]
# Made from the desktop files, not written: see `korean_initials`.
KOREAN_INITIALS = os.path.join(WORK, 'korean-initials.tsv')
PROBE_SETS.append(
    ('Korean by its initials', KOREAN_INITIALS,
     'Each app and settings panel of the GNOME session whose Korean name (Name[ko]) is all Hangul, of two '
     'syllables or more, typed by the initial consonants of its syllables (초성: `ㄱㅅㄱ` for 계산기), as Korean '
     'phones\' app search finds apps; made from the desktop files, not written by hand. Right: every item whose '
     'Korean name has those initials.', 'GNOME'))
KOREAN_KEYS = os.path.join(WORK, 'korean-keys.tsv')
PROBE_SETS.append(
    ('Korean typed with the input method off', KOREAN_KEYS,
     'The same names typed whole as the Latin letters of the Korean layout\'s keys (두벌식: `rPtksrl` for 계산기), '
     'as when the input method is off; made from the desktop files.', 'GNOME'))
AT = '2026-12-01T12:00:00Z'
PACKAGES = """ark audacity baobab blender cheese chromium dolphin emacs-common emacs-gtk eog evince file-roller
filezilla firefox-esr geany gedit gimp gnome-calculator gnome-calendar gnome-clocks gnome-contacts
gnome-control-center gnome-disk-utility gnome-maps gnome-screenshot gnome-software gnome-system-monitor
gnome-terminal gnome-text-editor gnome-weather gparted gwenview htop inkscape kate kcalc kde-spectacle
kdenlive keepassxc konsole krita libreoffice-base libreoffice-calc libreoffice-common libreoffice-draw
libreoffice-impress libreoffice-math libreoffice-writer mousepad mpv nautilus obs-studio okular pavucontrol
plasma-systemmonitor qbittorrent remmina rhythmbox shotwell simple-scan synaptic systemsettings thunar
thunderbird totem transmission-gtk vim-gtk3 vim-gui-common virt-manager vlc-bin vlc xfce4-terminal xterm""".split()
# Plasma's settings modules (System Settings' pages) and their Qt plugins.
KDE_PACKAGES = """bluedevil kde-config-gtk-style kde-config-screenlocker kde-config-sddm kde-config-updates khotkeys
kinfocenter kscreen kwin-common plasma-desktop plasma-disks plasma-nm plasma-pa plasma-workspace powerdevil
print-manager""".split()
LANGS = {'C.UTF-8': 'C', 'de_DE.UTF-8': 'de', 'fr_FR.UTF-8': 'fr', 'es_ES.UTF-8': 'es', 'ko_KR.UTF-8': 'ko'}
KINDS = ['prefix', 'generic', 'keyword', 'midword', 'typo', 'exec', 'localized', 'multiword', 'task', 'panel', 'app',
         'initials', 'layout']


def fetch():
    """Each session's desktop files, without TryExec (kept between runs),
    and Plasma's module plugins."""
    debs = os.path.join(WORK, 'debs')
    os.makedirs(debs, exist_ok=True)
    have = {f.split('_')[0] for f in os.listdir(debs) if f.endswith('.deb')}
    missing = [p for p in PACKAGES + KDE_PACKAGES if p not in have]
    for p in missing:  # one at a time: a package gone from the archive skips only itself
        if subprocess.run(['apt-get', 'download', p], cwd=debs, capture_output=True).returncode != 0:
            print(f'desktop_probes: apt-get download {p} failed (skipped)', file=sys.stderr)
    for session in ROOTS:
        os.makedirs(apps_dir(session), exist_ok=True)
    for deb in sorted(os.listdir(debs)):
        tar = subprocess.run(['dpkg-deb', '--fsys-tarfile', os.path.join(debs, deb)], capture_output=True).stdout
        gnome = deb.split('_')[0] in PACKAGES
        for session, root in ROOTS.items():
            if session == 'GNOME' and not gnome:
                continue
            subprocess.run(['tar', '-x', '--wildcards', '-C', root, './usr/share/applications/*',
                            './usr/lib/*/qt*/plugins/plasma/kcms/*'], input=tar, capture_output=True)
    programs = set()
    for base, _, files in [w for session in ROOTS for w in os.walk(apps_dir(session))]:
        for f in files:
            if f.endswith('.desktop'):
                path = os.path.join(base, f)
                with open(path, encoding='utf-8', errors='replace') as fh:
                    lines = [installed(l, programs) for l in fh if not l.startswith('TryExec=')]
                with open(path, 'w', encoding='utf-8') as fh:
                    fh.writelines(lines)
    os.makedirs(BIN, exist_ok=True)
    for name in programs:
        stub = os.path.join(BIN, name)
        with open(stub, 'w') as fh:
            fh.write('#!/bin/sh\nexit 0\n')
        os.chmod(stub, 0o755)


def installed(line, programs):
    """An Exec line whose program is one of the stand-ins: an absolute path
    becomes its base name (found on PATH, in BIN)."""
    if not line.startswith('Exec='):
        return line
    words = line[len('Exec='):].split(' ', 1)
    program = words[0].strip().strip('"\'')
    if not program or program.startswith('%'):
        return line
    name = os.path.basename(program)
    programs.add(name)
    if program == name:
        return line
    return 'Exec=' + name + (' ' + words[1] if len(words) > 1 else '\n')


def environment(session, lang):
    e = {k: v for k, v in os.environ.items() if k not in ('LC_ALL', 'LC_MESSAGES', 'LANGUAGE', 'QT_PLUGIN_PATH')}
    home = os.path.join(WORK, 'home')
    e['PATH'] = BIN + os.pathsep + e.get('PATH', '')
    e.update(HOME=home, XDG_DATA_HOME=home + '/.local/share', XDG_CONFIG_HOME=home + '/.config',
             XDG_DATA_DIRS=os.path.join(ROOTS[session], 'usr', 'share'), XDG_CURRENT_DESKTOP=session, LANG=lang,
             QT_PLUGIN_PATH=plugin_dirs(session))
    return e


def index(limelight, session, lang):
    path = os.path.join(WORK, 'index-' + LANGS[lang] + ('' if session == 'GNOME' else '-' + session.lower()))
    shutil.rmtree(path, ignore_errors=True)
    r = subprocess.run([limelight, '--index', path, 'sync', 'apps', '--json'], env=environment(session, lang),
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f'desktop_probes: sync apps failed ({session}, {lang}): {r.stderr}')
    return path, json.loads(r.stdout.splitlines()[-1])


def search(limelight, path, query, session, lang):
    r = subprocess.run([limelight, '--index', path, 'search', query, '--json', '--limit', '5', '--at', AT],
                       env=environment(session, lang), capture_output=True, text=True)
    return [json.loads(l) for l in r.stdout.splitlines() if l.startswith('{')]


# MARK: The baseline: rofi drun's way, by name, word and keyword starts.

def parse(path):
    entry, section = {}, None
    with open(path, encoding='utf-8', errors='replace') as fh:
        for line in fh:
            line = line.rstrip('\n')
            if line.startswith('['):
                section = line.strip()
            elif section == '[Desktop Entry]' and '=' in line and not line.startswith('#'):
                k, v = line.split('=', 1)
                entry[k.strip()] = v.strip()
    return entry


def localized(entry, key, lang):
    for l in ([lang, lang.split('_')[0]] if lang else []):
        if f'{key}[{l}]' in entry:
            return entry[f'{key}[{l}]']
    return entry.get(key, '')


def visible(entry, session):
    shown = lambda key: [x for x in entry.get(key, '').split(';') if x]
    return (entry.get('Type') == 'Application' and entry.get('NoDisplay', '').lower() != 'true'
            and entry.get('Hidden', '').lower() != 'true'
            and (not shown('OnlyShowIn') or session in shown('OnlyShowIn')) and session not in shown('NotShowIn'))


def desktop_apps(session, lang):
    out = []
    apps = apps_dir(session)
    for base, _, files in os.walk(apps):
        for f in files:
            if not f.endswith('.desktop'):
                continue
            path = os.path.join(base, f)
            entry = parse(path)
            if not visible(entry, session):
                continue
            argv = entry.get('Exec', '').split()
            exe = os.path.basename(argv[0]) if argv else ''
            out.append(dict(id=os.path.relpath(path, apps).replace('/', '-')[:-len('.desktop')],
                            name=localized(entry, 'Name', lang), generic=localized(entry, 'GenericName', lang),
                            keywords=[k for k in localized(entry, 'Keywords', lang).split(';') if k],
                            exe=exe, categories=entry.get('Categories', '')))
    return out


def words(s):
    return [w for w in re.split(r'[^\w]+', s.lower()) if w]


def baseline(apps, query):
    q = query.lower()
    ranked = []
    for a in apps:
        name = a['name'].lower()
        other = [a['generic'].lower(), a['exe'].lower()] + [k.lower() for k in a['keywords']]
        other_words = [w for f in other for w in words(f)] + other
        hay = ' '.join([name] + other + [a['categories'].lower()])
        if name.startswith(q):
            tier = 1
        elif any(w.startswith(q) for w in words(name) + name.split()):
            tier = 2
        elif any(w.startswith(q) for w in other_words):
            tier = 3
        elif q in hay:
            tier = 4
        elif len(q.split()) > 1 and all(t in hay for t in q.split()):
            tier = 5
        else:
            continue
        ranked.append((tier, len(a['name']), a['id']))
    return [i for _, _, i in sorted(ranked)[:5]]


# The keys of the Korean layout (두벌식) of each initial, vowel and final.
KEYS_INITIAL = 'r R s e E f a q Q t T d w W c z x v g'.split()
KEYS_VOWEL = 'k o i O j p u P h hk ho hl y n nj np nl b m ml l'.split()
KEYS_FINAL = [''] + 'r R rt s sw sg e f fr fa fq ft fx fv fg a q qt t T d w c z x v g'.split()


def korean_initials(session='GNOME'):
    """Writes KOREAN_INITIALS: the initials of each Korean name of the
    session's apps and settings panels (shown, or a panel GNOME Settings
    lists), with every item that has them as its right answers; and
    KOREAN_KEYS: each name typed as the keys of the Korean layout."""
    initials = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ'
    right = collections.defaultdict(set)
    keys = collections.defaultdict(set)
    for f in sorted(os.listdir(apps_dir(session))):
        if not f.endswith('.desktop'):
            continue
        entry = parse(os.path.join(apps_dir(session), f))
        panel = 'X-GNOME-Settings-Panel' in entry.get('Categories', '').split(';')
        name = entry.get('Name[ko]', '').replace(' ', '')
        if not (visible(entry, session) or panel) or len(name) < 2:
            continue
        if all(0xAC00 <= ord(c) <= 0xD7A3 for c in name):
            right[''.join(initials[(ord(c) - 0xAC00) // 588] for c in name)].add(f[:-len('.desktop')])
            spaced = entry['Name[ko]'].strip()
            typed = ''.join(' ' if c == ' ' else KEYS_INITIAL[(ord(c) - 0xAC00) // 588]
                            + KEYS_VOWEL[(ord(c) - 0xAC00) % 588 // 28] + KEYS_FINAL[(ord(c) - 0xAC00) % 28] for c in spaced)
            keys[typed].add(f[:-len('.desktop')])
    for path, queries, kind in ((KOREAN_INITIALS, right, 'initials'), (KOREAN_KEYS, keys, 'layout')):
        with open(path, 'w', encoding='utf-8') as fh:
            for query, ids in sorted(queries.items()):
                fh.write(f'{query}\t{",".join(sorted(ids))}\t{kind}\tko_KR.UTF-8\n')


def languages(path):
    """The LANGs a probe file asks in."""
    with open(path, encoding='utf-8') as fh:
        return {line.rstrip('\n').split('\t')[-1] for line in fh if line.strip()} & set(LANGS)


def measure(limelight, indexes, apps, path, session):
    """The table and the wrong first hits of one probe set, as markdown lines."""
    counts = collections.defaultdict(collections.Counter)
    wrong = []
    probes = []
    with open(path, encoding='utf-8') as fh:
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            fields = line.rstrip('\n').split('\t')
            if len(fields) != 4 or fields[2] not in KINDS or fields[3] not in LANGS:
                sys.exit(f'desktop_probes: {path}:{number}: want query, right ids, one of {", ".join(KINDS)}, '
                         f'one of {", ".join(LANGS)}, separated by tabs; got {line.rstrip()!r}')
            probes.append(fields)
    for query, right, kind, lang in probes:
        right = set(right.split(','))
        ours = [h['id'] if h.get('type') == 'SettingsPanel' else h.get('app')
                for h in search(limelight, indexes[session, lang], query, session, lang)]
        theirs = baseline(apps[session, lang], query)
        for k in (kind, 'all'):
            c = counts[k]
            c['n'] += 1
            c['ll1'] += ours[:1] != [] and ours[0] in right
            c['ll3'] += any(i in right for i in ours[:3])
            c['bl1'] += theirs[:1] != [] and theirs[0] in right
            c['bl3'] += any(i in right for i in theirs[:3])
        if not (ours and ours[0] in right):
            wrong.append(f'| `{query}` | {lang} | {", ".join(sorted(right))} | {", ".join(ours[:3]) or "nothing"} |')
    lines = ['| kind | probes | Limelight @1 | Limelight @3 | baseline @1 | baseline @3 |', '|---|---|---|---|---|---|']
    for k in [k for k in KINDS if counts[k]['n']] + ['all']:
        c = counts[k]
        pct = lambda x: f'{100 * c[x] / c["n"]:.1f}' if c['n'] else '–'
        lines.append(f'| {k} | {c["n"]} | {pct("ll1")} | {pct("ll3")} | {pct("bl1")} | {pct("bl3")} |')
    return lines + ['', 'Probes whose first hit is not a right app:', '', '| query | LANG | right | Limelight\'s first three |',
                    '|---|---|---|---|'] + wrong


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--limelight', default=os.path.join(ROOT, '.build', 'release', 'limelight'))
    ap.add_argument('--out', default=os.path.join(ROOT, '.build', 'eval', 'DESKTOP.md'))
    args = ap.parse_args()
    fetch()
    korean_initials()
    indexes, synced = {}, {}
    # An index and the baseline's apps for each session and language a set asks in.
    for session, lang in sorted({('GNOME', 'C.UTF-8')} | {(session, lang) for _, path, _, session in PROBE_SETS
                                                           for lang in languages(path)}):
        indexes[session, lang], synced[session, lang] = index(args.limelight, session, lang)
        for problem in synced[session, lang]['problems']:
            print(f'desktop_probes: sync apps ({session}, {lang}): {problem}', file=sys.stderr)
    apps = {(session, lang): desktop_apps(session, None if lang == 'C.UTF-8' else lang.split('.')[0])
            for session, lang in indexes}
    fetched = [f for f in os.listdir(os.path.join(WORK, 'debs')) if f.split('_')[0] in PACKAGES]
    lines = ['# Launcher probes on real desktop files', '',
             f'`make eval-desktop` (corpus/eval/desktop_probes.py), over the desktop files of '
             f'{len(fetched)} Debian packages ({len(apps["GNOME", "C.UTF-8"])} apps shown in a '
             f'GNOME session; `sync apps` added {synced["GNOME", "C.UTF-8"]["added"]} records).',
             'Share of probes whose first hit, or one of the first three, is a right app; the baseline ranks by',
             'name start, then a word of the name, then GenericName, Keywords or the executable, then any',
             'substring (rofi drun).']
    for title, path, about, session in PROBE_SETS:
        if session != 'GNOME':
            about += (f' Asked in a {session} session, over those packages and {len(KDE_PACKAGES)} more '
                      f'({len(apps[session, "C.UTF-8"])} apps shown; `sync apps` added '
                      f'{synced[session, "C.UTF-8"]["added"]} records).')
        lines += ['', f'## {title}', '', about, ''] + measure(args.limelight, indexes, apps, path, session)
    text = '\n'.join(lines) + '\n'
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, 'w', encoding='utf-8') as fh:
        fh.write(text)
    print(text, end='')


if __name__ == '__main__':
    main()
