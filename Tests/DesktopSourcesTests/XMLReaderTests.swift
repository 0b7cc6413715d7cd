import Testing
@testable import DesktopSources

@Suite struct XMLReaderTests {
    func parse(_ text: String) throws(XMLError) -> XMLElement { try XMLReader.parse(Array(text.utf8)) }

    func problem(_ text: String) -> String? {
        do { _ = try parse(text); return nil } catch { return error.description }
    }

    @Test func elementsAttributesAndTextWithEntities() throws {
        let root = try parse("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel-1.0.dtd">
            <!-- a comment -->
            <root a="1 &amp; 2" b='it&apos;s "so"' c="&lt;&gt;&quot;&#65;&#x42;&#x1F600;" d="tab\there
            line">
              <child>x &amp; y<!-- hidden --><![CDATA[<raw> & ]]]]><?pi ignored?>z</child>
              <empty/>
              <child>second</child>
            </root>
            <!-- trailing comment -->
            """)
        #expect(root.qualifiedName == "root" && root.line == 4)
        #expect(root.attribute("a") == "1 & 2")
        #expect(root.attribute("b") == #"it's "so""#)
        #expect(root.attribute("c") == "<>\"AB😀")
        #expect(root.attribute("d") == "tab here line")  // attribute-value normalization
        #expect(root.attribute("z") == nil)
        #expect(root.elements.map(\.qualifiedName) == ["child", "empty", "child"])
        #expect(root.children(named: "child").map(\.text) == ["x & y<raw> & ]]z", "second"])
        #expect(root.children(named: "child").map(\.line) == [6, 8])
    }

    @Test func namespacesResolveByPrefix() throws {
        let root = try parse("""
            <xbel xmlns:bookmark="urn:b" xmlns:mime="urn:m"><bookmark:app/><mime:type/>
            <inner xmlns:bookmark="urn:other" xmlns="urn:default"><bookmark:app/><plain/></inner></xbel>
            """)
        #expect(root.namespace == nil)
        #expect(root.children(named: "app", in: "urn:b").count == 1)
        #expect(root.children(named: "type", in: "urn:m").first?.qualifiedName == "mime:type")
        let inner = try #require(root.children(named: "inner", in: "urn:default").first)
        #expect(inner.children(named: "app", in: "urn:other").count == 1)
        #expect(inner.children(named: "plain", in: "urn:default").first?.localName == "plain")
        #expect(problem("<a><x:b/></a>") == "line 1: the namespace prefix x of <x:b> is not declared")
    }

    @Test func malformedDocumentsSayWhereAndWhat() {
        #expect(problem("<a>\n<b>\n</a>") == "line 3: </a> closes <b> of line 2")
        #expect(problem("<a>\n<b>") == "line 2: <b> (line 2) is not closed")
        #expect(problem("<a x=1/>") == "line 1: an attribute value must be quoted")
        #expect(problem("<a x='1' x='2'/>") == "line 1: attribute x appears twice in <a>")
        #expect(problem("<a x='1'y='2'/>") == "line 1: attributes of <a> must be separated by spaces")
        #expect(problem("<a>&nbsp;</a>") == "line 1: unknown entity &nbsp;")
        #expect(problem("<a>fish & chips</a>") == "line 1: an & must start an entity like &amp;")
        #expect(problem("<a>&#0;</a>") == "line 1: &#0; is not a valid character")
        #expect(problem("<a>&#xD800;</a>") == "line 1: &#xD800; is not a valid character")
        #expect(problem("<a x='<'/>") == "line 1: < is not allowed in an attribute value")
        #expect(problem("<a><!-- x -- y --></a>") == "line 1: -- is not allowed inside a comment")
        #expect(problem("<a><![CDATA[x</a>") == "line 1: the CDATA section is not closed with ]]>")
        #expect(problem("<a/><b/>") == "line 1: only comments and processing instructions may follow the root element")
        #expect(problem("  ") == "line 1: there is no root element")
        #expect(problem("<!DOCTYPE a [<!ENTITY x 'y'>]><a/>") == "line 1: a DOCTYPE with an internal subset is not supported")
        #expect(problem("<1a/>") == "line 1: a name cannot start with 1")
        #expect(throws: XMLError(line: 1, problem: "the document is not UTF-8")) { try XMLReader.parse([0x3c, 0x61, 0xff, 0x2f, 0x3e]) }
    }

    @Test func hostileNestingIsRefusedNotCrashing() {
        let deep = String(repeating: "<a>", count: 10_000)
        #expect(problem(deep) == "line 1: elements are nested deeper than 256")
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        #expect(try XMLReader.parse([0xef, 0xbb, 0xbf] + Array("<a/>".utf8)).qualifiedName == "a")
    }
}
