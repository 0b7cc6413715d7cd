import LimelightKit

struct ManpageCommand: Command {
    static let name = "manpage"
    static let abstract = "Print the manual page (roff), generated from the command and option declarations."
    static let discussion = "Read it with: limelight manpage | man -l -   (make install puts it in PREFIX/share/man/man1)."
    static let usage = ["manpage"]
    static let options: [Option] = []

    static func run(_ args: ParsedArguments) throws {
        print(Manpage.render(), terminator: "")
    }
}

/// limelight(1), from `commands` and their declarations.
enum Manpage {
    /// Text for roff: backslashes and hyphens escaped, no line starting with
    /// a control character, and no character past ASCII as it is (groff
    /// reads input as Latin-1 unless preconv runs first, as man does:
    /// `groff -man` warned of each — and …).
    static func text(_ s: String) -> String {
        var escaped = ""
        for u in s.unicodeScalars {
            switch u {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where u.isASCII: escaped.unicodeScalars.append(u)
            default:
                let hex = String(u.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }

    static func optionLabel(_ o: Option) -> String {
        (o.short.map { "\\fB\\-\($0)\\fR, " } ?? "") + "\\fB\\-\\-" + text(o.name) + "\\fR"
            + (o.valueName.map { " \\fI" + text($0) + "\\fR" } ?? "") + (o.takesRest ? " \\fI...\\fR" : "")
    }

    static func render() -> String {
        var s = """
            .TH LIMELIGHT 1 "" "limelight \(version)" "User Commands"
            .SH NAME
            limelight \\- Spotlight\\-style search and suggestions over app entities, App Shortcuts and apps
            .SH SYNOPSIS
            .B limelight
            [\\fB\\-\\-index\\fR \\fIdir\\fR] \\fIsubcommand\\fR [\\fIoptions\\fR]
            .br
            .B limelight help
            \\fIsubcommand\\fR
            .SH DESCRIPTION
            Limelight indexes what apps declare (entities, intents, App Shortcuts) and what
            people do (donations), and answers searches as you type and suggestions with no
            query, on Xapian. Each subcommand is described below, with the options it takes.
            .SH GLOBAL OPTIONS

            """
        for o in Completions.globalOptions { s += ".TP\n\(optionLabel(o))\n\(text(o.help))\n" }
        s += ".SH COMMANDS\n"
        for c in commands {
            s += ".SS \"limelight \(c.name)\"\n\(text(c.abstract))\n.PP\n.nf\n"
            for u in c.usage { s += "\\fBlimelight\\fR " + text(u) + "\n" }
            s += ".fi\n"
            if !c.discussion.isEmpty { s += ".PP\n" + text(c.discussion) + "\n" }
            // A positional's help of several lines is a list (relevant's operations): one a line.
            for p in c.positionals { s += ".TP\n\\fI" + text(p.name) + "\\fR\n" + text(p.help).replacingAll("\n", with: "\n.br\n") + "\n" }
            for o in c.options { s += ".TP\n\(optionLabel(o))\n\(text(o.help))\n" }
        }
        s += """
            .SH ENVIRONMENT
            .TP
            .B LIMELIGHT_INDEX
            The index directory when \\fB\\-\\-index\\fR is not given.
            .TP
            .B XDG_DATA_HOME
            The index defaults to \\fI$XDG_DATA_HOME/limelight/index\\fR (else \\fI~/.local/share/limelight/index\\fR).
            .TP
            .B LIMELIGHT_LOCK_TIMEOUT
            How many seconds a write waits for another writer to finish (0 to 86400, default 10); anything else is a usage error.
            .TP
            .B TERMINAL
            The terminal emulator an item with \\fBTerminal=true\\fR is opened in, before the ones Limelight looks for.
            .TP
            .B LIMELIGHT_WORDS
            A word list (one word a line) to read instead of \\fI/usr/share/dict/words\\fR: a word of it is matched as typed where a typo correction gave no item every word.
            .SH EXIT STATUS
            0 on success; 1 on failure (a missing or damaged index, I/O); 64 for a usage error;
            65 when input records are rejected (nothing is written); 69 when the session bus
            is missing or the bus name is taken (\\fBserve\\fR); 75 when another process holds
            the index for writing; 130 when cancelled.
            .SH SEE ALSO
            \\fBrofi\\fR(1), \\fBdmenu\\fR(1), \\fBfzf\\fR(1), \\fBgdbus\\fR(1)

            """
        return s
    }
}
