import Glibc
import LimelightModel
import LimelightSupport
import Testing
@testable import DesktopSources

/// recently-used.xbel as GLib 2.74's GBookmarkFile writes it (shell-quoted exec,
/// microsecond times), with one older entry (`timestamp=` time_t, unquoted exec).
@Suite struct RecentlyUsedTests {
    let tree = FixtureTree()

    static let glibFile = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xbel version="1.0"
              xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks"
              xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info"
        >
          <bookmark href="file:///home/me/Documents/Q3%20report%20%E2%80%94%20final;v2.odt" added="2026-11-30T06:35:03.325186Z" modified="2026-11-30T06:40:00.5Z" visited="2026-11-30T06:35:03Z">
            <info>
              <metadata owner="http://freedesktop.org">
                <mime:mime-type type="application/vnd.oasis.opendocument.text"/>
                <bookmark:groups>
                  <bookmark:group>LibreOffice</bookmark:group>
                </bookmark:groups>
                <bookmark:applications>
                  <bookmark:application name="LibreOffice 7.4" exec="&apos;soffice %u&apos;" modified="2026-11-30T06:35:03.325186Z" count="3"/>
                  <bookmark:application name="Text Editor" exec="&#39;gedit --new-window %u&#39;" modified="2026-11-29T21:00:00Z" count="1"/>
                </bookmark:applications>
              </metadata>
            </info>
          </bookmark>
          <bookmark href="https://example.com/page?x=1&amp;y=2" added="2026-11-01T10:00:00Z" modified="2026-11-01T10:00:00Z" visited="2026-11-01T10:00:00Z">
            <title>Example &amp; co</title>
            <desc>A page</desc>
            <info>
              <metadata owner="http://freedesktop.org">
                <mime:mime-type type="text/html"/>
                <bookmark:applications>
                  <bookmark:application name="Firefox" exec="&apos;firefox %u&apos;" modified="2026-11-01T10:00:00Z" count="1"/>
                </bookmark:applications>
                <bookmark:private/>
              </metadata>
            </info>
          </bookmark>
          <bookmark href="file:///home/me/old.txt" added="2005-09-30T23:05:28Z" modified="2005-09-30T23:05:28Z" visited="2005-09-30T23:05:28Z">
            <info>
              <metadata owner="http://freedesktop.org">
                <mime:mime-type type="text/plain"/>
                <bookmark:applications>
                  <bookmark:application name="populate-recent" exec="populate-recent --info %u" timestamp="1128121528" count="2"/>
                  <bookmark:application name="quoted" exec="&apos;it&apos;\\&apos;&apos;s&apos; &quot;a \\&quot;b\\&quot;&quot;" timestamp="x" count="many"/>
                </bookmark:applications>
              </metadata>
            </info>
          </bookmark>
          <bookmark added="2026-11-30T06:35:03Z"/>
          <bookmark href="file:///bad-time" added="yesterday"/>
        </xbel>
        """

    var environment: DesktopEnvironment {
        DesktopEnvironment(home: tree.root, dataHome: tree.path("share"), dataDirectories: [])
    }

    @Test func readsWhatGLibWrites() throws {
        tree.write("share/recently-used.xbel", Self.glibFile)
        let list = try #require(try RecentlyUsed.read(in: environment).value)
        #expect(list.files.map(\.href) == [
            "file:///home/me/Documents/Q3%20report%20%E2%80%94%20final;v2.odt", "https://example.com/page?x=1&y=2",
            "file:///home/me/old.txt", "file:///bad-time",
        ])
        let report = list.files[0]
        #expect(report.path == "/home/me/Documents/Q3 report — final;v2.odt")
        #expect(report.mimeType == "application/vnd.oasis.opendocument.text")
        #expect(report.added == Timestamp(iso8601: "2026-11-30T06:35:03.325186Z"))
        #expect(report.modified?.seconds == Timestamp(iso8601: "2026-11-30T06:40:00Z")!.seconds + 0.5)
        #expect(report.visited == Timestamp(iso8601: "2026-11-30T06:35:03Z"))
        #expect(report.groups == ["LibreOffice"])
        #expect(!report.isPrivate && report.title == nil)
        #expect(report.applications == [
            RecentApplication(name: "LibreOffice 7.4", exec: "soffice %u", modified: Timestamp(iso8601: "2026-11-30T06:35:03.325186Z"), count: 3),
            RecentApplication(name: "Text Editor", exec: "gedit --new-window %u", modified: Timestamp(iso8601: "2026-11-29T21:00:00Z"), count: 1),
        ])
        let page = list.files[1]
        #expect(page.path == nil && page.isPrivate)
        #expect(page.title == "Example & co" && page.description == "A page")
        let old = list.files[2]
        #expect(old.applications.first == RecentApplication(name: "populate-recent", exec: "populate-recent --info %u",
                                                            modified: Timestamp(seconds: 1_128_121_528), count: 2))
        #expect(old.applications.last?.exec == #"it's a "b""#)
        #expect(old.applications.last?.count == 1)
    }

    @Test func oddBookmarksAreWarnedAboutAndTheRestRead() throws {
        let path = tree.write("share/recently-used.xbel", Self.glibFile)
        let list = try RecentlyUsed.read(path)
        #expect(list.warnings.map(\.description) == [
            "\(path):39: timestamp=\"x\" is not a time_t; ignored",
            "\(path):39: count=\"many\" is not a count; 1 is used",
            "\(path):44: a <bookmark> has no href; it is skipped",
            "\(path):45: added=\"yesterday\" is not an ISO 8601 time; ignored",
        ])
    }

    @Test func aFileURIWithNoUTF8NameIsWarnedAbout() throws {
        let path = tree.write("share/recently-used.xbel", """
            <xbel version="1.0">
            <bookmark href="file:///home/me/caf%E9.txt" added="2026-11-30T06:35:03Z"/>
            <bookmark href="file:///home/me/caf%C3%A9.txt" added="2026-11-30T06:35:03Z"/>
            <bookmark href="file://other-host/etc/motd" added="2026-11-30T06:35:03Z"/>
            </xbel>
            """)
        let list = try RecentlyUsed.read(path)
        #expect(list.files.map(\.path) == [nil, "/home/me/café.txt", nil])
        #expect(list.warnings.map(\.description) == [
            "\(path):2: file:///home/me/caf%E9.txt is not a local path with a UTF-8 name; it is left out",
            "\(path):4: file://other-host/etc/motd is not a local path with a UTF-8 name; it is left out",
        ])
    }

    /// A href listed again is one bookmark (the first kept, as GLib has it),
    /// told once; each repeat was an item of its own.
    @Test func aRepeatedHrefIsOneBookmark() throws {
        let path = tree.write("share/recently-used.xbel", """
            <xbel version="1.0">
            <bookmark href="file:///home/me/a.txt" added="2026-11-30T06:35:03Z"/>
            <bookmark href="file:///home/me/a.txt" added="2026-11-30T07:35:03Z"/>
            <bookmark href="file:///home/me/b.txt" added="2026-11-30T06:35:03Z"/>
            <bookmark href="file:///home/me/a.txt" added="2026-11-30T08:35:03Z"/>
            </xbel>
            """)
        let list = try RecentlyUsed.read(path)
        #expect(list.files.map(\.href) == ["file:///home/me/a.txt", "file:///home/me/b.txt"])
        #expect(list.files.first?.added == Timestamp(iso8601: "2026-11-30T06:35:03Z"))
        #expect(list.warnings.map(\.description) == ["\(path):3: 2 bookmarks repeat an href listed before; the first of each is kept"])
    }

    /// A file far larger than GTK writes is not read (a 100 MB one took
    /// 150 s and 630 MB): a sparse file of that size stands for it.
    @Test func aFileLargerThanGTKWritesIsNotRead() throws {
        let path = tree.write("share/recently-used.xbel", "<xbel version=\"1.0\">\n")
        #expect(truncate(path, off_t(RecentlyUsed.maxBytes + 1)) == 0)
        do {
            _ = try RecentlyUsed.read(path)
            Issue.record("read a file of \(RecentlyUsed.maxBytes + 1) bytes")
        } catch {
            #expect(error.description == "\(path): the file is 64 MB, more than GTK ever writes (at most 64 MB is read); not read, and what was imported from it before is kept")
        }
    }

    @Test func aMissingFileIsSkippedWithANote() throws {
        #expect(try RecentlyUsed.read(in: environment).note == "no recently-used.xbel at \(tree.path("share/recently-used.xbel"))")
    }

    @Test func aBrokenFileIsAnErrorWithItsLine() {
        let path = tree.write("share/recently-used.xbel", "<xbel>\n<bookmark href='file:///a'>\n</xbel>\n")
        #expect(throws: DesktopSourceError(file: path, line: 3, problem: "</xbel> closes <bookmark> of line 2")) {
            try RecentlyUsed.read(in: environment)
        }
        tree.write("share/recently-used.xbel", "<html/>")
        #expect(throws: DesktopSourceError(file: path, line: 1, problem: "the root element is <html>, not <xbel>")) {
            try RecentlyUsed.read(path)
        }
    }

    @Test func shellUnquoteFollowsGLib() throws {
        #expect(try ShellUnquote.unquote("'soffice %u'") == "soffice %u")
        #expect(try ShellUnquote.unquote(#"'it'\''s'"#) == "it's")
        #expect(try ShellUnquote.unquote(#""a \"b\" \$x \\ \q""#) == #"a "b" $x \ \q"#)
        #expect(try ShellUnquote.unquote(#"plain\ text\"#) == #"plain text\"#)
        #expect(try ShellUnquote.unquote("a\\\nb") == "ab")
        #expect(throws: ShellUnquote.Unterminated.self) { try ShellUnquote.unquote("'open") }
        #expect(throws: ShellUnquote.Unterminated.self) { try ShellUnquote.unquote("\"open") }
    }
}

@Suite struct FileURITests {
    @Test func pathsFromFileURIs() {
        #expect(FileURI.path(from: "file:///home/me/My%20Notes.txt") == "/home/me/My Notes.txt")
        #expect(FileURI.path(from: "FILE://localhost/tmp/%e2%80%94") == "/tmp/—")
        #expect(FileURI.path(from: "file:/tmp/x") == "/tmp/x")
        #expect(FileURI.path(from: "file:///tmp/semi;colon$(x)") == "/tmp/semi;colon$(x)")
        #expect(FileURI.path(from: "file://otherhost/tmp/x") == nil)
        #expect(FileURI.path(from: "https://example.com/x") == nil)
        #expect(FileURI.path(from: "file:///tmp/a%2Fb") == nil)     // an escaped / would change the path
        #expect(FileURI.path(from: "file:///tmp/a%00b") == nil)
        #expect(FileURI.path(from: "file:///tmp/a%zz") == nil)
        #expect(FileURI.path(from: "file:///tmp/a%2") == nil)
        #expect(FileURI.path(from: "file:///tmp/a%ff") == nil)      // not UTF-8
        #expect(FileURI.path(from: "file:///tmp/a#frag") == nil)
        #expect(FileURI.path(from: "file://") == nil)
    }

    @Test func urisFromPathsRoundTrip() {
        #expect(FileURI.uri(fromPath: "/tmp/a b") == "file:///tmp/a%20b")
        #expect(FileURI.uri(fromPath: "/tmp/Q3 — 100%;#?\"\n") == "file:///tmp/Q3%20%E2%80%94%20100%25%3B%23%3F%22%0A")
        #expect(FileURI.uri(fromPath: "/a-b_c.d~e/!$&'()*+,=:@") == "file:///a-b_c.d~e/!$&'()*+,=:@")
        for path in ExecLineTests.hostileNames + ["/", "/한국어/文件.txt"] {
            #expect(FileURI.path(from: FileURI.uri(fromPath: path)) == path)
        }
    }
}
