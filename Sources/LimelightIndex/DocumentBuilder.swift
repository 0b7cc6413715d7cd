import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

/// Turns records into Xapian documents: the canonical record as data, boolean
/// terms for identity and filters, weighted text terms for BM25, and edge
/// prefixes of title words for as-you-type matching.
///
/// Not thread safe (it owns a TermGenerator): one per writer.
///
/// Each method returns a `BuiltDocument`: the document and its card as
/// values, so usage is applied to the card in memory and the card is encoded
/// once, when the document is written (`BuiltDocument.finished()`).
package final class DocumentBuilder {
    private let termGenerator: TermGenerator

    init() throws(XapianError) {
        // Stemmed terms only ("Zrun" for "running"): the query parser stems
        // every word the same way, so unstemmed copies would only be written,
        // never read — 30% of the indexing time.
        termGenerator = try TermGenerator(language: "english", strategy: .allZ, flags: [.cjkNgram])
    }

    /// Entities and apps have a prior from their ranking hint; App Shortcuts
    /// from their declared order (the first is the app's most important).
    static func prior(rankingHint: Double?) -> Double { (rankingHint ?? RankingWeights.defaultRankingHint) / 100 }
    /// A shortcut bound to a value is worth less than the bare one, and, bound
    /// to an entity less important than the default (a lower `rankingHint`),
    /// less again in proportion: with text alike ("blanc"), the entity stays
    /// the Top Hit and its actions follow, whatever its hint, as Spotlight
    /// shows a noun before what can be done with it.
    static func prior(shortcutOrder: Int, bound: Bool, valuePrior: Double? = nil) -> Double {
        let declared = max(RankingWeights.lastShortcutPrior, RankingWeights.firstShortcutPrior - RankingWeights.shortcutPriorStep * Double(shortcutOrder))
        guard bound else { return declared }
        let value = min(1, (valuePrior ?? 1) / prior(rankingHint: nil))
        return declared * RankingWeights.boundShortcutPriorScale * value
    }
    static let appPrior = RankingWeights.appPrior

    private func base(_ r: Record, key: ItemKey, hit: Bool) throws(XapianError) -> Document {
        let doc = Document()
        try doc.addBooleanTerm(key.uniqueTerm)
        try doc.addBooleanTerm(Schema.kind + r.kind.rawValue)
        try doc.addBooleanTerm(Schema.term(Schema.app, r.app))
        if hit { try doc.addBooleanTerm(Schema.hit) }
        if let source = r.source { try doc.addBooleanTerm(Schema.term(Schema.source, source)) }
        return doc
    }

    private func indexText(_ doc: Document, title: String, titleAliases: [String] = [],
                           weighted: [(String, Int)], prefixSources: [String]) throws(XapianError) {
        // One Unicode form, as queries are read (`Tokenizer.normalized`).
        let title = Tokenizer.normalized(title), titleAliases = titleAliases.map(Tokenizer.normalized)
        let weighted = weighted.map { (Tokenizer.normalized($0.0), $0.1) }, prefixSources = prefixSources.map(Tokenizer.normalized)
        // No positions: Limelight runs no phrase queries, and positions were
        // half of the index and most of the indexing time.
        termGenerator.document = doc
        let fields = ([title] + titleAliases).map { ($0, Schema.FieldWeight.title) } + weighted.filter { !$0.0.isEmpty }
        for (text, weight) in fields {
            try termGenerator.index(text, wdf: weight, positions: false)
            // Xapian keeps a word with the article elided before it
            // ("d'écran"); the word alone ("écran"), as people type it,
            // weighs as its field.
            let elided = Tokenizer.elidedWords(text)
            if !elided.isEmpty { try termGenerator.index(elided.joined(separator: " "), wdf: weight, positions: false) }
        }
        // Words with diacritics are also indexed without them ("güell" as
        // "guell"), so they can be typed either way; and the words of titles,
        // names and keywords written with hyphens, joined ("Wi-Fi" as "wifi",
        // "e-mail" as "email"), as people type them (not those of subtitles
        // and descriptions: a catalog's ingest took 10–20% longer with them).
        let prefixTexts = [title] + titleAliases + prefixSources
        let foldedWords = Tokenizer.words((prefixTexts + weighted.map(\.0)).joined(separator: " "))
            .compactMap { w -> String? in let f = Tokenizer.fold(w); return f == w ? nil : f }
        // Words people type that the text holds only inside other words: a
        // hyphenated word joined ("wifi"), a snake_case name's parts ("report").
        let joined = prefixTexts.flatMap { Tokenizer.hyphenJoined($0) + Tokenizer.underscoreParts($0) }.flatMap { w in
            let f = Tokenizer.fold(w)
            return f == w ? [w] : [w, f]
        }
        if !foldedWords.isEmpty || !joined.isEmpty {
            try termGenerator.index((foldedWords + joined).joined(separator: " "), wdf: Schema.FieldWeight.keywords, positions: false)
        }
        // A CJK title typed without its spaces ("한강공원" for "한강 공원 산책로",
        // as Korean is typed as often as not): the bigrams across each space,
        // weighed as the joined forms above. Each word's own n-grams are
        // there already; the title joined and indexed again would count
        // them twice, and rank such titles above unspaced ones.
        try addNgrams(Set(([title] + titleAliases).flatMap(Tokenizer.cjkSpaceJunctions)), to: doc)
        let names = ([title] + titleAliases).map { TitleKey($0).words }
        for words in Set(names.map(\.count)) where words > 0 {
            try doc.addBooleanTerm(Schema.titleLengthTerm(words))
        }
        for first in Set(names.compactMap(\.first)) {
            for p in Tokenizer.edgePrefixes(first, maxLength: Schema.maxIndexedPrefix) {
                try doc.addBooleanTerm(Schema.titleStartTerm(p))
            }
        }
        var seen = Set<String>()
        for source in prefixTexts + prefixTexts.map(Tokenizer.fold) + joined {
            for word in Tokenizer.words(source) {
                for p in Tokenizer.edgePrefixes(word, maxLength: Schema.maxIndexedPrefix) where seen.insert(p).inserted {
                    try doc.addBooleanTerm(Schema.term(Schema.wordPrefix, p))
                }
            }
        }
    }

    /// CJK bigrams Limelight joins itself, as the term generator writes
    /// n-grams (with the stemmed-term prefix, `Searcher.textQuery`), at the
    /// weight of keywords, as other joined forms.
    private func addNgrams(_ ngrams: Set<String>, to doc: Document) throws(XapianError) {
        for g in ngrams.sorted() { try doc.addTerm("Z" + g, wdf: Schema.FieldWeight.keywords) }
    }

    func entity(_ r: Record, contexts: [String], properties: inout PropertySchema) throws(XapianError) -> BuiltDocument {
        let doc = try base(r, key: ItemKey(r), hit: true)
        try doc.addBooleanTerm(Schema.term(Schema.type, r.type))
        if let stable = r.fields["stableId"]?.string {
            try doc.addBooleanTerm(Schema.term(Schema.stableID, Schema.stableKey(app: r.app, stableID: stable)))
        }
        if let expiry = r.fields["expires"]?.string.flatMap({ Timestamp(iso8601: $0) }) {
            try doc.addBooleanTerm(Schema.expires)
            try doc.setValue(Schema.expirySlot, number: expiry.seconds)
        }
        try properties.index(r, into: doc)
        var propertyText: [String] = []
        for (_, v) in r.properties.pairs { propertyText += PropertyValue.searchableText(v) }
        try indexText(doc, title: r.title,
                      weighted: [(r.keywords.joined(separator: " "), Schema.FieldWeight.keywords),
                                 (r.subtitle ?? "", Schema.FieldWeight.subtitle),
                                 (r.text ?? "", Schema.FieldWeight.description),
                                 (propertyText.joined(separator: " "), Schema.FieldWeight.description),
                                 // "running playlist" should find playlists whose titles don't say so.
                                 (Tokenizer.typeWords(r.type), Schema.FieldWeight.description)],
                      prefixSources: r.keywords)
        for t in InnerWordTerms.terms(title: r.title) { try doc.addBooleanTerm(t) }
        for c in contexts { try doc.addBooleanTerm(Schema.term(Schema.relevantIn, c)) }
        let prior = Self.prior(rankingHint: r.rankingHint)
        try doc.setValue(Schema.priorSlot, number: prior)
        try doc.setData(r.json.serialized)
        return BuiltDocument(document: doc, card: Self.card(r, title: r.title, subtitle: r.subtitle, prior: prior, relevant: contexts))
    }

    /// The fields a search result shows (see `Schema.cardSlot`).
    static func card(_ r: Record, title: String, subtitle: String?, synonyms: [String] = [],
                     binding: ShortcutHit.Binding? = nil, prior: Double, relevant: [String] = []) -> HitCard {
        var card = HitCard(kind: HitKind(rawValue: r.kind.rawValue) ?? .entity, app: r.app,
                type: r.kind == .entity ? r.type : nil, id: r.kind == .app ? r.app : r.id,
                title: title, subtitle: subtitle, binding: binding.map { EntityRef(type: $0.type, id: $0.id) },
                names: [title] + synonyms, prior: prior, relevant: relevant)
        card.launch = HitCard.Launch(url: r.url, exec: r.exec, icon: r.icon, desktopFile: r.desktopFile)
        return card
    }

    func app(_ r: Record) throws(XapianError) -> BuiltDocument {
        let doc = try base(r, key: ItemKey(r), hit: true)
        // Keywords (a desktop app's Categories) and its description (a
        // desktop entry's Comment: "photo" finds GIMP, "Create and edit
        // images or photographs") find it, with no title bonus; as GLib
        // does, a word started ("photo") finds it. A keyword too: matched
        // whole and by its stem only, "compress" found Archive Manager and
        // "compre", "compres" and "compressi" nothing, and "compr" was
        // corrected, as one typed "compression".
        try indexText(doc, title: r.name, titleAliases: r.otherNames,
                      weighted: [(r.keywords.joined(separator: " "), Schema.FieldWeight.keywords),
                                 (r.text ?? "", Schema.FieldWeight.description)],
                      prefixSources: [r.text ?? ""] + r.keywords)
        try doc.setValue(Schema.priorSlot, number: Self.appPrior)
        try doc.setData(r.json.serialized)
        var card = Self.card(r, title: r.name, subtitle: nil, synonyms: r.otherNames, prior: Self.appPrior)
        card.hasGenericName = r.genericName != nil
        card.descriptionWords = r.text.map { TitleKey($0).words.joined(separator: " ") }
        return BuiltDocument(document: doc, card: card)
    }

    /// A stored record that is not itself a search hit (intents, interactions,
    /// relevance registrations): identity and filter terms only.
    func plain(_ r: Record, extraTerms: [String] = []) throws(XapianError) -> BuiltDocument {
        let doc = try base(r, key: ItemKey(r), hit: false)
        for t in extraTerms { try doc.addBooleanTerm(t) }
        try doc.setData(r.json.serialized)
        return BuiltDocument(document: doc, card: nil)
    }

    /// An App Shortcut as a search hit, optionally bound to one parameter value.
    /// Its phrases are indexed with `${applicationName}` filled in from the app's
    /// name and each synonym, and the parameter filled in with the value.
    func shortcut(_ s: ShortcutHit) throws(XapianError) -> BuiltDocument {
        let r = s.record
        let doc = try base(r, key: s.key, hit: true)
        if s.binding != nil {
            try doc.addBooleanTerm(Schema.derived)
        }
        if let b = s.binding {
            try doc.addBooleanTerm(Schema.term(Schema.type, b.type))
            // A shortcut bound to an entity expires with it.
            if let expires = b.expires {
                try doc.addBooleanTerm(Schema.expires)
                try doc.setValue(Schema.expirySlot, number: expires)
            }
        }
        var phrases: [String] = []
        let paramName = r.parameter?["name"]?.string
        for phrase in r.phrases {
            for appName in s.appNames {
                var values = ["applicationName": appName]
                // The value's words are in the display title already; repeating
                // them in every phrase would rank the bound copy above the entity.
                if let paramName { values[paramName] = "" }
                phrases.append(Placeholders.fill(phrase, values))
            }
        }
        try indexText(doc, title: s.title,
                      weighted: [(phrases.joined(separator: " \n "), Schema.FieldWeight.keywords)],
                      prefixSources: phrases + [r.title])
        // Where the value meets the phrase around it ("去西" of
        // "在${applicationName}中去${place}" bound to 西湖): CJK has no space
        // there, and "去西湖" found nothing. The value's own n-grams are in
        // the title; repeated here they would rank the bound copy first.
        if let paramName, let value = s.binding?.title {
            let junctions = r.phrases.flatMap { phrase in
                s.appNames.flatMap { appName in
                    Tokenizer.cjkJunctions(Placeholders.fill(phrase, ["applicationName": appName]), placeholder: "${\(paramName)}", value: value)
                }
            }
            try addNgrams(Set(junctions), to: doc)
        }
        let prior = Self.prior(shortcutOrder: s.order, bound: s.binding != nil, valuePrior: s.binding?.prior)
        try doc.setValue(Schema.priorSlot, number: prior)
        // Its phrases, as spoken with the app's name (and the value), find it
        // as you type (short-prefix lists), without a title bonus.
        let spoken = r.phrases.map { phrase in
            var values = ["applicationName": s.appNames.first ?? r.app]
            if let paramName { values[paramName] = s.binding?.title ?? "" }
            return Placeholders.fill(phrase, values)
        }
        var card = Self.card(r, title: s.title, subtitle: nil, binding: s.binding, prior: prior)
        card.title = s.displayTitle
        card.aliases = spoken
        try doc.setData(s.storedData.serialized)
        return BuiltDocument(document: doc, card: card)
    }
}

/// A document and the card it shows (nil for records that are not search
/// hits), kept apart until the document is written so that usage changes the
/// card in memory and the card is encoded once.
package struct BuiltDocument {
    package let document: Document
    package private(set) var card: HitCard?

    init(document: Document, card: HitCard?) {
        self.document = document
        self.card = card
    }

    /// A document read back from the index, with its stored card.
    init(stored document: Document) throws(XapianError) {
        self.init(document: document, card: HitCard(encoded: try document.value(Schema.cardSlot)))
    }

    /// Stores what is known of an item's usage on its document and card
    /// (empty stats clear it).
    mutating func setUsage(_ stats: UsageStats) throws(XapianError) {
        let doc = document
        if let total = stats.total {
            let boost = Scorer.saturate(total.score(at: stats.last / 86_400))
            try doc.setValue(Schema.usageSlot, stats.encodedWithoutCells)
            try doc.setValue(Schema.usageKeySlot, number: total.v)
            try doc.setValue(Schema.usageBoostSlot, number: boost)

            try doc.addBooleanTerm(Schema.used)
            for c in stats.contexts.keys { try doc.addBooleanTerm(Schema.term(Schema.used, c)) }
            card?.usage = stats.encoded
            card?.usageBoost = boost
        } else {
            for t in try doc.terms() where t.term.hasPrefix(Schema.used) { try doc.removeTerm(t.term) }
            for slot in [Schema.usageSlot, Schema.usageKeySlot, Schema.usageBoostSlot] { try doc.setValue(slot, []) }
            card?.usage = []
            card?.usageBoost = 0
        }
    }

    /// The document to write, with its card encoded into `Schema.cardSlot`,
    /// and for a hit its tie-break order and static tier (the same on one
    /// index and on N shards, see `StaticTier`).
    func finished() throws(XapianError) -> Document {
        if let card {
            try document.setValue(Schema.cardSlot, card.encoded)
            try document.setValue(Schema.orderSlot, StaticTier.orderValue(card.itemKey, prior: card.prior))
            for t in StaticTier.terms(prior: card.prior, key: card.itemKey) { try document.addBooleanTerm(t) }
        }
        return document
    }
}

/// A shortcut as it is shown and searched: unbound, or bound to a value.
package struct ShortcutHit {
    struct Binding {
        var type: String
        var id: String
        var title: String
        /// The bound entity's expiry (seconds since the epoch), if any.
        var expires: Double? = nil
        /// The bound entity's prior (its `rankingHint`); nil for an enum case.
        var prior: Double? = nil
    }

    let record: Record
    let binding: Binding?
    let appNames: [String]
    /// Declared position among the app's shortcuts (0 first).
    let order: Int
    /// Title shown: for a bound shortcut, the intent's summary with the value
    /// filled in ("Start Sleep Meditation"), else "<title>: <value>".
    let title: String

    /// The title a result shows: it names the app (or the bound value) when
    /// the shortcut's own title does not ("New Window — Firefox"); matching
    /// still uses `title`.
    var displayTitle: String {
        let own = Tokenizer.normalizedForPrefix(Tokenizer.fold(title))
        func named(_ s: String) -> Bool {
            let n = Tokenizer.normalizedForPrefix(Tokenizer.fold(s))
            return !n.isEmpty && own.contains(n)
        }
        if let b = binding { return named(b.title) ? title : title + " — " + b.title }
        // The app's name only: a desktop entry's keywords are synonyms too,
        // and Thunar's "Home" action showed bare because "home" is one.
        guard let app = appNames.first, !named(app) else { return title }
        return title + " — " + app
    }

    var key: ItemKey {
        guard let b = binding else { return ItemKey(record) }
        return ItemKey.shortcut(app: record.app, id: record.id, boundTo: EntityRef(type: b.type, id: b.id))
    }

    /// What the document stores: the record itself, or for a bound shortcut the
    /// record plus its binding and display title (derived documents are never
    /// exported, so the extra fields never reach `index`).
    var storedData: JSON {
        guard let b = binding else { return record.json }
        var o = record.fields
        o["displayTitle"] = .string(title)
        o["binding"] = ["type": .string(b.type), "id": .string(b.id), "title": .string(b.title)]
        return .object(o)
    }
}
