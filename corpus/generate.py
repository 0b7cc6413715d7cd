#!/usr/bin/env python3
"""Generate Limelight's bundled demo corpus (JSON Lines).

Deterministic: standard library only, fixed seeds, no network, no set
iteration, no clock.  Running it twice writes byte-identical files into the
directory this script lives in:

    trails.jsonl travel.jsonl music.jsonl calendar.jsonl memos.jsonl
    meditation.jsonl mail.jsonl interactions.jsonl relevance.jsonl

Usage:  python3 corpus/generate.py [--check]
"""
import datetime as _dt
import json
import os
import random
import re
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
OFFSET = "-08:00"          # the simulated user's UTC offset (used for all user-local times)
TZ = _dt.timezone(_dt.timedelta(hours=-8))

# Interactions that used an App Shortcut with an *enum* parameter (Mindful's
# "Start ${session} Meditation") name the chosen case in "entities" as
# {"type": <enum type>, "id": <case id>} - the same (type, id) pair a shortcut
# hit's "parameter" field uses.  Set to False to drop those references.
ENUM_CASE_REFS_IN_INTERACTIONS = True


def R(name):
    """A private, deterministic random stream per section (str seeds are stable)."""
    return random.Random("limelight-corpus-v1/" + name)


def slug(s):
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c))
    s = s.replace("&", " and ").replace("'", "")
    s = re.sub(r"[^a-zA-Z0-9]+", "-", s).strip("-").lower()
    return re.sub(r"-+", "-", s)


def dumps(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def iso(dt):
    """datetime -> ISO 8601 with offset (seconds precision)."""
    return dt.isoformat(timespec="seconds")


def local(y, mo, d, h=0, mi=0, s=0):
    return _dt.datetime(y, mo, d, h, mi, s, tzinfo=TZ)


def DATE(dt):
    return {"date": dt if isinstance(dt, str) else iso(dt)}


def DUR(seconds):
    return {"duration": int(seconds)}


def PLACE(name, lat, lon, address=None):
    p = {"name": name, "latitude": round(float(lat), 4), "longitude": round(float(lon), 4)}
    if address:
        p["address"] = address
    return {"place": p}


def PERSON(p):
    return {"person": dict(p)}


def REF(type_, id_):
    return {"entity": {"type": type_, "id": id_}}


def hint(rng, lo=20, hi=70, outlier=0.12):
    """rankingHint: mostly 20-70, occasionally anywhere in 0-100."""
    if rng.random() < outlier:
        return rng.choice([rng.randint(0, 19), rng.randint(71, 100)])
    return rng.randint(lo, hi)


def entity(app, type_, id_, title, subtitle=None, description=None, keywords=None,
           properties=None, rankingHint=None):
    e = {"kind": "entity", "app": app, "type": type_, "id": id_, "title": title}
    if subtitle:
        e["subtitle"] = subtitle
    if description:
        e["description"] = description
    if keywords:
        e["keywords"] = list(keywords)
    if properties:
        e["properties"] = properties
    if rankingHint is not None:
        e["rankingHint"] = int(rankingHint)
    return e


def app_record(app, name, synonyms):
    return {"kind": "app", "app": app, "name": name, "synonyms": list(synonyms)}


def intent(app, id_, title, summary, params=()):
    return {"kind": "intent", "app": app, "id": id_, "title": title, "summary": summary,
            "parameters": [dict(p) for p in params]}


def shortcut(app, id_, intent_id, title, symbol, phrases, parameter=None):
    s = {"kind": "shortcut", "app": app, "id": id_, "intent": intent_id, "title": title,
         "symbol": symbol, "phrases": list(phrases)}
    if parameter:
        s["parameter"] = dict(parameter)
    return s


def rows(block):
    """Parse a '|'-separated data block (blank lines and '#' comments skipped)."""
    out = []
    for line in block.strip("\n").split("\n"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        out.append([c.strip() for c in line.split("|")])
    return out


def kws(s):
    return [k.strip() for k in s.split(",") if k.strip()]


# ---------------------------------------------------------------- people
# The simulated user is Alex Morgan (alex.morgan@example.com), a search engineer
# living in Pacific Grove near Monterey, CA.
PEOPLE = {}
for _row in rows("""
priya|Priya|Raman|priya.raman@example.com
marcus|Marcus|Chen|marcus.chen@example.com
sofia|Sofia|Alvarez|sofia.alvarez@example.com
daniel|Daniel|Okafor|daniel.okafor@example.com
hannah|Hannah|Weiss|hannah.weiss@example.com
tomas|Tomás|Rivera|tomas.rivera@example.com
aisha|Aisha|Khan|aisha.khan@example.com
liam|Liam|O'Connor|liam.oconnor@example.com
emma|Emma|Schultz|emma.schultz@example.com
noah|Noah|Kim|noah.kim@example.com
grace|Grace|Liu|grace.liu@example.com
ravi|Ravi|Patel|ravi.patel@example.com
chloe|Chloe|Martin|chloe.martin@example.com
ben|Ben|Adler|ben.adler@example.com
jiwoo|지우|박|jiwoo.park@example.com
jieun|지은|김|jieun.kim@example.com
ken|健|田中|ken.tanaka@example.jp
yuki|Yuki|Sato|yuki.sato@example.jp
wei|伟|王|wang.wei@example.cn
mei|Mei|Lin|mei.lin@example.com
linda|Linda|Morgan|linda.morgan@example.net
robert|Robert|Morgan|bob.morgan@example.net
kate|Kate|Morgan|kate.morgan@example.net
sam|Sam|Morgan|sam.morgan@example.com
mia|Mia|Morgan|mia.morgan@example.com
ana|Ana|Lopez|ana@example.com
jordan|Jordan|Blake|jordan.blake@example.org
olivia|Olivia|Brooks|olivia.brooks@example.org
diego|Diego|Fernández|diego.fernandez@example.org
nora|Nora|Haddad|nora.haddad@example.org
felix|Felix|Wagner|felix.wagner@example.org
okafor|Adaeze|Okafor|dr.okafor@example.com
coach|Jamie|Reyes|coach.jamie@example.org
"""):
    PEOPLE[_row[0]] = {"givenName": _row[1], "familyName": _row[2], "email": _row[3]}
ME = {"givenName": "Alex", "familyName": "Morgan", "email": "alex.morgan@example.com"}


# ====================================================================== TRAILS
TRAILS_APP = "com.example.trails"

# id|title|subtitle|lat|lon|lengthKm|elevationGainM|route L=loop O=out-and-back P=point-to-point|keywords|feature ("=" prefix: full description)|address
TRAIL_ROWS = """
monterey-bay|Monterey Bay Coastal Trail|Monterey, CA|36.6002|-121.8947|29.0|60|O|coast,bike,paved,otters,family|along the old rail corridor past Cannery Row, sea otters and the harbor seals of Lovers Point
monterey-pine-forest|Monterey Pine Forest Loop|Monterey, CA|36.5800|-121.8630|5.2|190|L|forest,dog friendly,shade|through the native pines and oak woodland of Jacks Peak with glimpses of the ocean
cypress-grove|Cypress Grove Trail|Point Lobos, CA|36.5210|-121.9520|1.4|25|L|coast,cypress,wildlife,photography|around the headland through one of the last natural stands of Monterey cypress
bird-island|Bird Island Trail|Point Lobos, CA|36.5130|-121.9400|1.3|30|O|coast,birds,beach|past China Cove and Gibson Beach to a rock crowded with cormorants and pelicans
soberanes-canyon|Soberanes Canyon Trail|Garrapata State Park, CA|36.4560|-121.9220|7.6|520|L|redwoods,creek,coast,wildflowers|up a creek lined with redwoods and then over the open coastal ridge
pfeiffer-falls|Pfeiffer Falls Trail|Big Sur, CA|36.2470|-121.7820|2.3|90|L|waterfall,redwoods,family|through a redwood canyon to a 20-metre seasonal waterfall
mcway-falls|McWay Falls Overlook|Big Sur, CA|36.1580|-121.6720|1.0|15|O|waterfall,coast,photography,easy|through a tunnel under Highway 1 to the famous fall that drops straight onto the sand
ewoldsen|Ewoldsen Trail|Big Sur, CA|36.1610|-121.6690|7.2|490|L|redwoods,views,coast|from redwood-lined McWay Creek up to sweeping views of the Big Sur coast
pine-ridge|Pine Ridge Trail to Sykes Hot Springs|Big Sur, CA|36.2450|-121.7740|31.0|1250|O|backpacking,hot springs,wilderness|deep into the Ventana Wilderness to natural hot springs on the Big Sur River
lands-end|Lands End Trail|San Francisco, CA|37.7800|-122.5110|5.5|150|O|city,coast,views,history|along the cliffs from the Sutro Baths ruins with views of the Golden Gate
dipsea|Dipsea Trail|Mill Valley, CA|37.9060|-122.5450|11.0|670|P|stairs,redwoods,trail running,coast|from Mill Valley over Mount Tamalpais to Stinson Beach, famous for its 688 stairs
steep-ravine|Steep Ravine Trail|Mount Tamalpais, CA|37.8990|-122.6180|6.1|330|L|redwoods,creek,ladder,ferns|through a mossy redwood gorge with a wooden ladder beside Webb Creek
tennessee-valley|Tennessee Valley Trail|Marin Headlands, CA|37.8600|-122.5360|5.5|60|O|beach,family,bike,easy|down a gentle valley to a small cove beach
tomales-point|Tomales Point Trail|Point Reyes, CA|38.1890|-122.9540|15.0|300|O|tule elk,coast,wildflowers|through a tule elk reserve to the northern tip of Point Reyes
chimney-rock|Chimney Rock Trail|Point Reyes, CA|37.9970|-122.9750|2.8|50|O|wildflowers,elephant seals,coast|to a bluff above Drakes Bay with spring wildflowers and winter elephant seals
mission-peak|Mission Peak Trail|Fremont, CA|37.5130|-121.9090|9.7|660|O|summit,sunrise,views,exposed|up a treeless ridge to the famous summit pole above the South Bay
saratoga-gap|Saratoga Gap Loop|Castle Rock State Park, CA|37.2300|-122.0960|8.4|340|L|sandstone,climbing,waterfall|past wind-carved sandstone caves and Castle Rock Falls
berry-creek-falls|Berry Creek Falls Loop|Big Basin Redwoods, CA|37.1720|-122.2220|16.6|600|L|waterfall,redwoods,classic|through recovering old-growth redwoods to three waterfalls
aptos-creek|Aptos Creek Fire Road|Forest of Nisene Marks, CA|37.0030|-121.9020|12.0|420|O|trail running,redwoods,history|past the epicenter of the 1989 Loma Prieta earthquake under second-growth redwoods
wilder-ranch|Wilder Ranch Old Cove Landing Trail|Santa Cruz, CA|36.9600|-122.0860|4.0|20|L|coast,bike,family,seals|along the bluffs past a hidden cove and a historic dairy ranch
pinnacles-high-peaks|High Peaks Trail|Pinnacles National Park, CA|36.4920|-121.1800|8.5|520|L|condors,rock,caves,exposed|through volcanic spires with carved steps and a good chance of California condors
mist-trail|Mist Trail to Vernal Fall|Yosemite, CA|37.7270|-119.5580|4.8|320|O|waterfall,granite,classic,stairs|up more than 600 granite steps drenched in the spray of Vernal Fall
half-dome|Half Dome via John Muir Trail|Yosemite, CA|37.7459|-119.5332|26.0|1460|O|permit,cables,summit,bucket list|to the summit cables of Yosemite's most famous granite dome
four-mile-trail|Four Mile Trail|Yosemite, CA|37.7310|-119.6020|7.7|980|P|views,switchbacks,valley|up from the valley floor to Glacier Point
cathedral-lakes|Cathedral Lakes Trail|Tuolumne Meadows, CA|37.8730|-119.3830|11.3|300|O|alpine lake,granite,high country|to two granite-ringed lakes below Cathedral Peak
mt-whitney|Mount Whitney Trail|Lone Pine, CA|36.5870|-118.2400|35.4|1870|O|summit,permit,fourteener,sunrise|to the highest summit in the contiguous United States
eagle-lake|Eagle Lake Trail|Lake Tahoe, CA|38.9520|-120.1140|3.0|130|O|alpine lake,family,waterfall|past Eagle Falls to a lake tucked under granite cliffs
rubicon-trail|Rubicon Trail|Lake Tahoe, CA|38.9980|-120.1000|16.0|220|P|lake,swimming,lighthouse|along the turquoise shore from D.L. Bliss State Park to Emerald Bay's Vikingsholm
lassen-peak|Lassen Peak Trail|Lassen Volcanic National Park, CA|40.4730|-121.5050|8.0|600|O|volcano,summit,views|up a switchbacking volcano to a summit with views of Mount Shasta
fern-canyon|Fern Canyon Loop|Prairie Creek Redwoods, CA|41.4010|-124.0650|1.8|30|L|ferns,creek,film location|between 15-metre walls covered in five-finger ferns
tall-trees-grove|Tall Trees Grove Trail|Redwood National Park, CA|41.2060|-123.9940|6.4|250|L|redwoods,permit,quiet|into a permit-only grove of some of the tallest trees on Earth
griffith-observatory|Griffith Observatory via Fern Dell|Los Angeles, CA|34.1180|-118.3000|4.2|230|O|city,views,hollywood sign|from the shady Fern Dell up to the observatory lawn
runyon-canyon|Runyon Canyon Loop|Los Angeles, CA|34.1100|-118.3500|5.0|240|L|city,dog friendly,sunset|over the ridge above Hollywood, a favourite with dog walkers
ryan-mountain|Ryan Mountain Trail|Joshua Tree, CA|34.0240|-116.1370|4.8|320|O|desert,summit,stars|up rock steps to a 360-degree view over the Joshua tree forests
razor-point|Razor Point Trail|Torrey Pines, CA|32.9200|-117.2530|2.0|60|O|coast,torrey pines,sunset|to sandstone gullies above the Pacific among rare Torrey pines
mount-woodson|Mount Woodson Trail|Poway, CA|33.0090|-116.9700|11.9|660|O|boulders,photography,sunrise|past Lake Poway to the slab known as Potato Chip Rock
cactus-to-clouds|Skyline Trail (Cactus to Clouds)|Palm Springs, CA|33.8330|-116.5460|16.5|3100|P|desert,strenuous,tram|from the desert floor to the top of the aerial tramway
angels-landing|Angels Landing|Zion National Park, UT|37.2690|-112.9480|8.7|450|O|permit,chains,exposed,bucket list|along a narrow fin of sandstone with chains and sheer drops
the-narrows|The Narrows Bottom-Up|Zion National Park, UT|37.2850|-112.9470|15.0|100|O|river,slot canyon,wading|upstream through the Virgin River between thousand-foot walls
delicate-arch|Delicate Arch Trail|Arches National Park, UT|38.7360|-109.5200|4.8|150|O|arch,sunset,slickrock|over open slickrock to Utah's most famous freestanding arch
navajo-loop|Navajo Loop and Queen's Garden|Bryce Canyon, UT|37.6230|-112.1660|4.6|180|L|hoodoos,sunrise,family|down among orange hoodoos and through the slot of Wall Street
bright-angel|Bright Angel Trail|Grand Canyon, AZ|36.0570|-112.1440|15.3|980|O|canyon,mules,classic|down the South Rim's corridor trail to Plateau Point
south-kaibab|South Kaibab Trail to Ooh Aah Point|Grand Canyon, AZ|36.0530|-112.0840|3.0|240|O|canyon,sunrise,views|along a ridgeline with wide-open canyon views from the first switchback
cathedral-rock|Cathedral Rock Trail|Sedona, AZ|34.8250|-111.7880|1.9|225|O|red rock,scramble,sunset|up a steep red-rock scramble to a saddle between spires
echo-canyon|Echo Canyon Trail|Camelback Mountain, AZ|33.5220|-111.9740|4.0|430|O|desert,city,scramble|up handrails and boulders to the top of Phoenix's best-known peak
sky-pond|Sky Pond via Glacier Gorge|Rocky Mountain National Park, CO|40.3110|-105.6410|14.5|520|O|alpine lake,waterfall,scramble|past Alberta Falls and The Loch to a cirque lake under the Sharkstooth
hanging-lake|Hanging Lake Trail|Glenwood Springs, CO|39.6010|-107.1920|4.8|370|O|permit,lake,waterfall|to a travertine lake fed by Bridal Veil Falls
maroon-bells|Maroon Bells Scenic Loop|Aspen, CO|39.0980|-106.9400|3.0|60|L|aspens,fall colors,photography|around Maroon Lake below the most photographed peaks in Colorado
grays-torreys|Grays and Torreys Peaks|Georgetown, CO|39.6600|-105.7840|13.0|1000|O|fourteener,summit,alpine|to two fourteeners joined by a short saddle
highline-trail|Highline Trail|Glacier National Park, MT|48.6960|-113.7180|18.9|520|P|alpine,wildflowers,mountain goats|along the Garden Wall from Logan Pass to the Granite Park Chalet
grinnell-glacier|Grinnell Glacier Trail|Glacier National Park, MT|48.7970|-113.6600|17.2|500|O|glacier,turquoise lake,wildlife|past turquoise lakes to the foot of a shrinking glacier
cascade-canyon|Cascade Canyon Trail|Grand Teton National Park, WY|43.7550|-110.7330|14.5|340|O|moose,boat,canyon|from the Jenny Lake boat dock past Hidden Falls into a glacial canyon
fairy-falls|Fairy Falls and Grand Prismatic Overlook|Yellowstone, WY|44.5150|-110.8320|8.0|60|O|geothermal,waterfall,family|to a wide view of Grand Prismatic Spring and a 60-metre waterfall
skyline-rainier|Skyline Trail at Paradise|Mount Rainier, WA|46.7860|-121.7350|8.9|520|L|wildflowers,glacier,marmots|through subalpine meadows beneath the Nisqually Glacier
enchantments|Enchantments Traverse|Leavenworth, WA|47.5270|-120.8200|29.0|1400|P|permit,alpine lakes,larches,strenuous|across a granite basin of alpine lakes and golden larches
hall-of-mosses|Hall of Mosses Trail|Olympic National Park, WA|47.8600|-123.9340|1.3|30|L|rainforest,moss,family|through the Hoh Rain Forest beneath maples draped in club moss
multnomah-wahkeena|Multnomah Falls to Wahkeena Loop|Columbia River Gorge, OR|45.5760|-122.1150|8.8|490|L|waterfalls,gorge,classic|past half a dozen waterfalls including Oregon's tallest
dog-mountain|Dog Mountain Trail|Columbia River Gorge, WA|45.6990|-121.7080|11.3|880|L|wildflowers,views,permit|up to balsamroot meadows that turn the slopes yellow each May
misery-ridge|Misery Ridge Trail|Smith Rock, OR|44.3670|-121.1370|6.0|270|L|climbing,views,river|up steep stairs above the Crooked River to Monkey Face
kalalau|Kalalau Trail to Hanakapiai Falls|Kauai, HI|22.2200|-159.5830|12.9|550|O|waterfall,coast,mud,permit|along the Na Pali cliffs and up a jungle stream to a 90-metre fall
diamond-head|Diamond Head Summit Trail|Honolulu, HI|21.2610|-157.8060|2.6|170|O|crater,history,sunrise|up a volcanic crater past military bunkers to views of Waikiki
harding-icefield|Harding Icefield Trail|Kenai Fjords, AK|60.1860|-149.6310|13.0|1000|O|icefield,glacier,bears|beside Exit Glacier to the edge of a 1,800 km² icefield
old-rag|Old Rag Mountain Loop|Shenandoah, VA|38.5710|-78.2860|14.5|790|L|scramble,granite,permit|through a famous granite rock scramble to a summit of boulders
mcafee-knob|McAfee Knob|Catawba, VA|37.3800|-80.0890|12.6|500|O|appalachian trail,sunset,photography|along the Appalachian Trail to the most photographed overhang on the route
alum-cave|Alum Cave Trail to Mount LeConte|Great Smoky Mountains, TN|35.6290|-83.4510|17.7|850|O|arch,bluffs,lodge|through Arch Rock and under Alum Cave Bluffs to a lodge on the summit
franconia-ridge|Franconia Ridge Loop|White Mountains, NH|44.1420|-71.6810|14.3|1160|L|ridge,alpine,classic|over an exposed knife-edge ridge linking Little Haystack, Lincoln and Lafayette
precipice-trail|Precipice Trail|Acadia National Park, ME|44.3490|-68.1880|2.6|300|L|iron rungs,exposed,peregrines|up iron rungs and ladders on the east face of Champlain Mountain
beehive-loop|Beehive Loop Trail|Acadia National Park, ME|44.3310|-68.1850|2.4|150|L|rungs,ocean views,sand beach|up granite ledges and rungs above Sand Beach
breakneck-ridge|Breakneck Ridge|Hudson Valley, NY|41.4430|-73.9780|5.6|380|L|scramble,train,river views|up a steep rock scramble straight from the Metro-North platform
cascade-mountain|Cascade Mountain Trail|Adirondacks, NY|44.2190|-73.8870|7.7|590|O|high peaks,summit,family|to an open summit, a popular first of the Adirondack 46
old-mans-cave|Old Man's Cave Gorge Trail|Hocking Hills, OH|39.4360|-82.5390|2.4|60|L|gorge,waterfall,sandstone|through a sandstone gorge with waterfalls and a recess cave
devils-lake-bluff|Devil's Lake East Bluff|Baraboo, WI|43.4160|-89.7130|5.6|150|L|quartzite,lake,fall colors|along quartzite cliffs above a glacial lake
enchanted-rock|Enchanted Rock Summit Trail|Fredericksburg, TX|30.4960|-98.8200|1.3|130|O|granite dome,stars,family|up a pink granite dome that creaks as it cools at night
lost-mine|Lost Mine Trail|Big Bend, TX|29.2700|-103.2820|7.7|340|O|desert,mountains,views|through the Chisos Mountains to a ridge overlooking Juniper Canyon
# ---- Europe
tmb-les-houches|Tour du Mont Blanc: Les Houches to Les Contamines|Chamonix, France|45.8910|6.7980|18.0|1000|P|hut to hut,alpine,glacier views|over the Col de Voza on the first stage of the classic hut-to-hut loop
lac-blanc|Lac Blanc from La Flégère|Chamonix, France|45.9800|6.8930|7.4|560|O|alpine lake,mont blanc,ladders|to a lake that mirrors the Mont Blanc massif
gr20-calenzana|GR20: Calenzana to Ortu di u Piobbu|Corsica, France|42.5080|8.8550|10.0|1300|P|strenuous,granite,backpacking|on the first, brutally steep stage of Europe's toughest long-distance trail
blanc-martel|Sentier Blanc-Martel|Gorges du Verdon, France|43.7580|6.3600|14.0|350|P|gorge,tunnels,river|through the bottom of Europe's deepest canyon, with headlamp tunnels
calanque-en-vau|Calanque d'En-Vau Trail|Cassis, France|43.2070|5.5000|8.0|320|O|coast,swimming,limestone|over limestone cliffs to a fjord-like inlet of turquoise water
etretat-cliffs|Étretat Cliff Walk|Normandy, France|49.7070|0.2010|6.0|150|L|cliffs,arches,sea|above chalk arches and the needle of Aiguille d'Étretat
sentiero-degli-dei|Sentiero degli Dei|Amalfi Coast, Italy|40.6310|14.5090|7.8|120|P|coast,villages,views,classic|high above Positano along terraced lemon groves
sentiero-azzurro|Sentiero Azzurro|Cinque Terre, Italy|44.1270|9.7100|12.0|700|P|villages,coast,vineyards|linking the five cliffside villages of Cinque Terre
tre-cime|Tre Cime di Lavaredo Loop|Dolomites, Italy|46.6180|12.3020|10.0|400|L|dolomites,huts,iconic|around the three great towers of the Dolomites
seceda-ridge|Seceda Ridgeline|Val Gardena, Italy|46.5990|11.7240|9.5|420|L|meadows,ridge,photography|across green alpine meadows to a knife-edge grass ridge
lago-di-sorapis|Lago di Sorapis Trail|Cortina d'Ampezzo, Italy|46.5200|12.2160|12.0|500|O|turquoise lake,cables,dolomites|along ledges with cables to a milky-turquoise lake
francigena-san-gimignano|Via Francigena: San Gimignano to Monteriggioni|Tuscany, Italy|43.4670|11.0430|30.0|600|P|pilgrimage,vineyards,medieval towns|through Tuscan vineyards and cypress avenues between walled towns
eiger-trail|Eiger Trail|Grindelwald, Switzerland|46.5730|8.0050|6.0|50|P|north face,alpine,family|directly beneath the notorious north face of the Eiger
five-lakes-zermatt|5-Seenweg (Five Lakes Walk)|Zermatt, Switzerland|46.0140|7.7790|9.3|270|P|matterhorn,lakes,reflections|past five lakes that reflect the Matterhorn on still mornings
oeschinensee|Oeschinensee Panorama Trail|Kandersteg, Switzerland|46.4980|7.7260|8.0|480|L|lake,cliffs,gondola|along a high path above a glacier lake ringed by cliffs
seealpsee|Ebenalp to Seealpsee|Appenzell, Switzerland|47.2840|9.4110|7.0|120|P|cliff inn,lake,cable car|past the cliffside Aescher inn down to a green lake
zugspitze-reintal|Zugspitze via Reintal|Garmisch-Partenkirchen, Germany|47.4210|10.9850|21.0|2200|P|summit,strenuous,huts|through the Partnach gorge and the long Reintal valley to Germany's highest peak
malerweg|Malerweg Stage 1|Saxon Switzerland, Germany|50.9610|14.0710|11.0|380|P|sandstone,painters,forest|through the sandstone towers that inspired Romantic painters
partnachklamm|Partnach Gorge Trail|Garmisch-Partenkirchen, Germany|47.4700|11.1210|4.5|140|O|gorge,waterfall,winter ice|through a narrow limestone gorge with roaring rapids
koenigssee-obersee|Königssee to Obersee Walk|Berchtesgaden, Germany|47.5530|12.9780|4.0|30|O|lake,boat,waterfall|from the boat landing at Salet to a quiet lake and the Röthbach waterfall
hallstatt-soleweg|Hallstatt Soleweg|Hallstatt, Austria|47.5620|13.6490|8.0|350|P|salt mine,lake,history|along the world's oldest pipeline above the lake
triglav-lakes|Triglav Lakes Valley|Julian Alps, Slovenia|46.3470|13.7630|18.0|1100|O|alpine lakes,huts,limestone|through a high karst valley holding seven glacial lakes
vintgar-gorge|Vintgar Gorge|Bled, Slovenia|46.3930|14.0850|3.2|80|O|gorge,boardwalk,river|on wooden walkways above the emerald Radovna river
plitvice-route-c|Plitvice Lakes Route C|Plitvice, Croatia|44.8800|15.6160|8.0|150|L|lakes,waterfalls,boardwalk|over boardwalks between sixteen terraced lakes and waterfalls
samaria-gorge|Samaria Gorge|Crete, Greece|35.2950|23.9630|16.0|100|P|gorge,iron gates,sea|down the Iron Gates of Crete's great gorge to the Libyan Sea
caminito-del-rey|Caminito del Rey|Málaga, Spain|36.9160|-4.7880|7.7|100|P|walkway,gorge,exposed|on a once-notorious walkway bolted to the walls of the Desfiladero de los Gaitanes
camino-sarria|Camino Francés: Sarria to Portomarín|Galicia, Spain|42.7800|-7.4140|22.0|400|P|pilgrimage,villages,camino|through Galician hamlets on the final 100 km of the Camino de Santiago
ruta-del-cares|Ruta del Cares|Picos de Europa, Spain|43.2460|-4.8440|12.0|300|P|gorge,limestone,bridges|along a path carved into the limestone walls of the Cares gorge
fishermens-trail|Fishermen's Trail: Porto Covo to Vila Nova de Milfontes|Alentejo, Portugal|37.8520|-8.7930|20.0|150|P|coast,sand,storks|along sandy cliff paths with storks nesting on sea stacks
levada-25-fontes|Levada das 25 Fontes|Madeira, Portugal|32.7560|-17.1300|11.0|300|O|levada,waterfall,laurel forest|beside an irrigation channel through laurel forest to a pool fed by 25 springs
pico-ruivo|Pico do Arieiro to Pico Ruivo|Madeira, Portugal|32.7350|-16.9290|12.0|800|O|summit,tunnels,sunrise|along a spectacular ridge path with tunnels between Madeira's highest peaks
snowdon-pyg|Snowdon via the Pyg Track|Snowdonia, Wales|53.0800|-4.0210|11.0|720|O|summit,lake,classic|past glacial lakes to the summit of Yr Wyddfa
striding-edge|Helvellyn via Striding Edge|Lake District, England|54.5270|-3.0160|13.0|950|L|ridge,scramble,tarn|across a knife-edge arête above Red Tarn
scafell-pike|Scafell Pike from Wasdale Head|Lake District, England|54.4540|-3.2110|9.0|920|O|summit,england,scree|to the highest point in England
seven-sisters|Seven Sisters Cliff Walk|East Sussex, England|50.7580|0.1730|13.0|400|P|chalk cliffs,coast,lighthouse|over the rolling chalk cliffs from Seaford to Birling Gap
old-man-of-storr|Old Man of Storr|Isle of Skye, Scotland|57.5070|-6.1830|3.8|300|O|pinnacle,photography,sunrise|up to a leaning basalt pinnacle above the Sound of Raasay
quiraing|The Quiraing Loop|Isle of Skye, Scotland|57.6270|-6.2920|6.8|330|L|landslip,views,ridge|through the landslip pinnacles of the Trotternish ridge
ben-nevis|Ben Nevis Mountain Track|Fort William, Scotland|56.7960|-5.0030|17.0|1350|O|summit,uk highest,weather|to the summit of Britain's highest mountain
causeway-coast|Causeway Coast Way|County Antrim, Northern Ireland|55.2400|-6.5110|16.5|250|P|basalt columns,coast,rope bridge|from Carrick-a-Rede past the basalt columns of the Giant's Causeway
cliffs-of-moher|Cliffs of Moher Coastal Walk|County Clare, Ireland|52.9720|-9.4260|18.0|250|P|cliffs,puffins,atlantic|along the Atlantic edge from Liscannor to Doolin
trolltunga|Trolltunga|Odda, Norway|60.1240|6.7400|27.0|800|O|iconic,strenuous,fjord|to a rock tongue jutting 700 metres above Ringedalsvatnet
preikestolen|Preikestolen (Pulpit Rock)|Stavanger, Norway|58.9860|6.1900|8.0|500|O|fjord,cliff,classic|to a flat-topped cliff 604 metres above the Lysefjord
besseggen|Besseggen Ridge|Jotunheimen, Norway|61.5010|8.7370|14.0|1100|P|ridge,boat,lakes|along a ridge between a blue lake and a green one
kungsleden-abisko|Kungsleden: Abisko to Abiskojaure|Lapland, Sweden|68.3580|18.7840|15.0|200|P|arctic,huts,northern lights|through birch forest and canyon above the Arctic Circle
laugavegur|Laugavegur Trail|Landmannalaugar, Iceland|63.9900|-19.0610|55.0|1900|P|rhyolite,hot springs,multi-day|from rainbow rhyolite mountains to the glacier valley of Þórsmörk
fimmvorduhals|Fimmvörðuháls Pass|Skógar, Iceland|63.5320|-19.5110|25.0|1000|P|waterfalls,volcano,lava|past 26 waterfalls and over fresh lava between two glaciers
morskie-oko|Morskie Oko Trail|Zakopane, Poland|49.2010|20.0710|18.0|400|O|lake,tatras,family|to the largest lake in the Tatra Mountains
seven-rila-lakes|Seven Rila Lakes|Rila, Bulgaria|42.2030|23.3200|11.0|600|L|glacial lakes,chairlift,views|above a staircase of seven glacial lakes
# ---- Asia & Oceania
bukhansan-dulle|북한산 둘레길|서울특별시|37.6584|126.9780|71.5|900|L|bukhansan,dullegil,seoul,forest|=서울 도심을 둘러싸고 북한산 자락을 따라 이어지는 완만한 둘레길입니다. 21개 구간으로 나뉘어 있어 한 구간씩 가볍게 걷기 좋습니다.|서울특별시, 대한민국
seoraksan-ulsanbawi|설악산 울산바위|속초시, 강원특별자치도|38.1900|128.4820|7.6|740|O|seoraksan,ulsanbawi,rock,views|=신흥사에서 시작해 808개의 철계단을 올라 거대한 화강암 병풍인 울산바위 정상에 오릅니다. 맑은 날에는 동해와 속초 시내가 한눈에 보입니다.|속초시, 강원특별자치도, 대한민국
jirisan-cheonwangbong|지리산 천왕봉|산청군, 경상남도|35.3370|127.7310|10.8|1200|O|jirisan,sunrise,summit|=중산리에서 오르는 지리산 최고봉 코스입니다. 일출 명소로 유명하며 장터목 대피소를 거쳐 정상에 닿습니다.|산청군, 경상남도, 대한민국
hallasan-seongpanak|한라산 성판악 코스|제주특별자치도|33.3850|126.6200|19.2|1200|O|hallasan,jeju,crater lake,reservation|=사전 예약이 필요한 한라산 정상 코스로, 완만한 숲길 끝에 백록담 분화구가 펼쳐집니다. 진달래밭 대피소 통제 시간을 꼭 확인하세요.|제주특별자치도, 대한민국
jeju-olle-7|Jeju Olle Trail 7 (제주 올레길 7코스)|Seogwipo, Jeju|33.2410|126.5500|17.6|150|P|jeju,olle,coast,oreum|along volcanic sea cliffs from Oedolgae rock past tangerine farms and secret beaches|Seogwipo, Jeju, South Korea
bukhansan-baegundae|북한산 백운대|서울특별시|37.6590|126.9770|8.2|700|O|bukhansan,summit,granite|=우이동에서 출발해 북한산 최고봉인 백운대에 오르는 인기 코스입니다. 정상 부근은 쇠줄을 잡고 오르는 암릉 구간입니다.|서울특별시, 대한민국
gwanaksan-yeonjudae|Gwanaksan Yeonjudae Trail|Seoul, South Korea|37.4440|126.9640|7.0|580|O|gwanaksan,관악산,temple,cliff|from the Seoul National University gate up rocky ridges to a hermitage perched on a cliff|Seoul, South Korea
dobongsan-jaunbong|도봉산 자운봉|서울특별시|37.6990|127.0150|6.5|620|O|dobongsan,granite,weekend|=도봉산역에서 가까워 주말 산행객이 많은 코스로, 자운봉과 선인봉의 화강암 봉우리가 장관입니다.|서울특별시, 대한민국
songnisan-munjangdae|Songnisan Munjangdae|Boeun, South Korea|36.5430|127.8700|11.0|700|O|songnisan,속리산,temple,autumn|past Beopjusa Temple to the rocky summit of Munjangdae, famous for its autumn colours|Boeun, North Chungcheong, South Korea
odaesan-seonjae|Odaesan Seonjae-gil|Pyeongchang, South Korea|37.7300|128.5920|9.1|150|P|odaesan,오대산,temple,forest,easy|along a mountain stream through fir forest from Woljeongsa to Sangwonsa temple|Pyeongchang, Gangwon, South Korea
hanyangdoseong-baegak|Seoul City Wall: Baegak Section|Seoul, South Korea|37.5930|126.9800|4.7|250|P|seoul,한양도성,city wall,history|along the Joseon-era fortress wall over Bugaksan from Changuimun to Hyehwamun|Seoul, South Korea
inwangsan|Inwangsan Fortress Wall Trail|Seoul, South Korea|37.5840|126.9580|4.0|280|O|seoul,city views,sunset|along the old fortress wall to granite outcrops overlooking Gyeongbokgung
takao-inariyama|高尾山 稲荷山コース|八王子市, 東京都|35.6250|139.2440|3.1|400|O|takao,tokyo,forest,day trip|=高尾山口駅から尾根づたいに山頂を目指す自然豊かなコースです。晴れた日には山頂から富士山が見えます。|八王子市, 東京都, 日本
kamikochi-myojin|上高地 明神池コース|松本市, 長野県|36.2490|137.6380|7.0|50|O|kamikochi,alps,river,family|=河童橋から梓川沿いを歩き、穂高神社奥宮の明神池まで往復する平坦なコースです。秋の紅葉が見事です。|松本市, 長野県, 日本
shiratani-unsuikyo|屋久島 白谷雲水峡コース|屋久島町, 鹿児島県|30.3770|130.5800|6.0|400|O|yakushima,moss,cedar,rainforest|=苔むした森の中を歩き、「もののけ姫の森」と呼ばれる苔の森や太鼓岩を巡ります。雨具は必須です。|屋久島町, 鹿児島県, 日本
oze-gahara|尾瀬ヶ原ハイキング|片品村, 群馬県|36.9290|139.2270|12.0|150|O|oze,wetland,boardwalk,skunk cabbage|=木道を歩いて本州最大の高層湿原を横断します。初夏のミズバショウと秋の草紅葉が人気です。|片品村, 群馬県, 日本
fuji-yoshida|富士山 吉田ルート|富士吉田市, 山梨県|35.3950|138.7330|14.0|1450|O|fuji,summit,sunrise,huts|=五合目から山小屋に泊まりながら山頂でご来光を目指す、最も人気のある登山道です。開山は7月から9月までです。|富士吉田市, 山梨県, 日本
rokko-rock-garden|六甲山 ロックガーデン|神戸市, 兵庫県|34.7350|135.2650|8.0|900|P|rokko,kobe,scramble|=芦屋川駅から花崗岩の岩場を登り、六甲最高峰を経て有馬温泉へ下る定番コースです。|神戸市, 兵庫県, 日本
mitake-okutama|奥多摩 御岳山ハイキングコース|青梅市, 東京都|35.7810|139.1490|6.5|300|L|okutama,shrine,waterfall,moss|=ケーブルカーで御岳山に登り、武蔵御嶽神社からロックガーデンの渓谷と綾広の滝を巡ります。|青梅市, 東京都, 日本
kumano-kodo|Kumano Kodo Nakahechi (熊野古道 中辺路)|Tanabe, Wakayama|33.8360|135.7730|38.0|1800|P|pilgrimage,shrines,forest,unesco|along the ancient imperial pilgrimage route through cedar forests to Kumano Hongu Taisha|Tanabe, Wakayama, Japan
nakasendo|Nakasendo: Magome to Tsumago|Kiso Valley, Japan|35.5270|137.5680|8.0|300|P|edo period,post towns,forest|between two preserved Edo-period post towns through forest and past a waterfall
daimonji|Daimonji Hike|Kyoto, Japan|35.0240|135.8050|4.5|350|O|kyoto,views,temple|from Ginkaku-ji up to the giant bonfire character above the city
fushimi-inari-summit|Fushimi Inari Summit Loop|Kyoto, Japan|34.9670|135.7730|4.0|230|L|torii,shrine,kyoto|through thousands of vermilion torii gates to the top of Mount Inari
huangshan-xihai|黄山西海大峡谷|黄山市, 安徽省|30.1310|118.1680|8.0|700|P|huangshan,canyon,pines,sea of clouds|=沿着悬崖上开凿的栈道穿越黄山西海大峡谷，奇松怪石与云海交相辉映，是黄山最险峻壮观的线路。|黄山市, 安徽省, 中国
zhangjiajie-tianzi|张家界天子山步道|张家界市, 湖南省|29.3900|110.4200|6.0|500|O|zhangjiajie,sandstone pillars,avatar|=穿行于石英砂岩峰林之间，登上天子山观景台俯瞰“御笔峰”和“仙女散花”。|张家界市, 湖南省, 中国
taishan-shibapan|泰山十八盘|泰安市, 山东省|36.2540|117.1010|9.0|1400|O|taishan,stairs,sunrise,sacred mountain|=从红门出发，攀登六千多级石阶经十八盘直上南天门，在玉皇顶看日出是无数人的心愿。|泰安市, 山东省, 中国
huashan-plank|华山长空栈道|华阴市, 陕西省|34.4770|110.0870|12.0|1100|O|huashan,plank walk,exposed,harness|=华山南峰悬崖上的木板栈道，需系安全带通过，是世界上最惊险的步道之一。|华阴市, 陕西省, 中国
tiger-leaping-gorge|虎跳峡高路|丽江市, 云南省|27.1830|100.1000|22.0|1000|P|gorge,jade dragon,guesthouses|=在玉龙雪山与哈巴雪山之间的峡谷高处徒步，沿途有纳西客栈，可俯瞰金沙江奔流。|丽江市, 云南省, 中国
emeishan-jinding|Mount Emei Golden Summit Trail|Leshan, Sichuan|29.5200|103.3320|15.0|1600|O|emeishan,峨眉山,buddhist,monkeys|up ancient stone stairs past temples and cheeky macaques to the Golden Summit and its sea of clouds|Leshan, Sichuan, China
jiankou-mutianyu|Jiankou to Mutianyu Great Wall Hike|Huairou, Beijing|40.4560|116.5090|8.0|600|P|great wall,箭扣长城,ruins,photography|along crumbling, unrestored watchtowers of the Jiankou wall to the restored section at Mutianyu|Huairou, Beijing, China
yushan-main-peak|Yushan Main Peak Trail|Nantou, Taiwan|23.4700|120.9570|21.8|1600|O|yushan,玉山,summit,permit|to the summit of Northeast Asia's highest peak, with a night at Paiyun Lodge before a sunrise push|Nantou, Taiwan
dragons-back|Dragon's Back|Shek O, Hong Kong|22.2320|114.2380|8.5|280|P|city views,beach,ridge|along a rolling ridge above Shek O down to Big Wave Bay
maclehose-2|MacLehose Trail Section 2|Sai Kung, Hong Kong|22.3850|114.3660|13.5|600|P|beaches,country park,hexagonal columns|past four of Hong Kong's most beautiful beaches at Tai Long Wan
shakadang|Shakadang Trail|Taroko Gorge, Taiwan|24.1600|121.6200|4.1|50|O|marble,river,family|along a turquoise river through marble cliffs in Taroko Gorge
poon-hill|Poon Hill Trek|Ghorepani, Nepal|28.4000|83.6940|40.0|2100|L|himalaya,rhododendron,teahouses,sunrise|through rhododendron forests to a sunrise view of Dhaulagiri and Annapurna
lukla-namche|Lukla to Namche Bazaar|Khumbu, Nepal|27.8050|86.7130|19.0|1100|P|everest region,suspension bridges,sherpa|across swaying suspension bridges to the Sherpa capital of the Khumbu
annapurna-base-camp|Annapurna Base Camp Trek|Kaski, Nepal|28.5300|83.8780|110.0|4200|O|himalaya,multi-day,base camp|up the Modi Khola valley into a ring of 7,000-metre peaks
valley-of-flowers|Valley of Flowers Trek|Uttarakhand, India|30.7280|79.6050|17.0|700|O|wildflowers,monsoon,unesco|into a high Himalayan valley carpeted with monsoon flowers
triund|Triund Trek|Dharamshala, India|32.2590|76.3490|9.0|800|O|ridge,camping,dhauladhar|to a grassy ridge facing the snow wall of the Dhauladhar range
kinabalu|Mount Kinabalu Summit Trail|Sabah, Malaysia|6.0750|116.5580|17.4|2200|O|summit,via ferrata,sunrise|to the granite summit plateau of Borneo's highest mountain
mount-batur|Mount Batur Sunrise Trek|Bali, Indonesia|-8.2420|115.3750|7.0|650|O|volcano,sunrise,caldera lake|in the dark to watch the sun rise over a caldera lake
fansipan|Fansipan Summit Trail|Sa Pa, Vietnam|22.3030|103.7750|22.0|1800|O|summit,rice terraces,cloud forest|through cloud forest to the roof of Indochina
kew-mae-pan|Kew Mae Pan Nature Trail|Doi Inthanon, Thailand|18.5530|98.4800|3.0|100|L|cloud forest,ridge,birds|along a cloud-forest ridge near Thailand's highest point
mount-pulag|Mount Pulag Ambangeg Trail|Benguet, Philippines|16.5870|120.8870|14.0|700|O|sea of clouds,grassland,sunrise|through mossy forest to grassland summits above a sea of clouds
tongariro-crossing|Tongariro Alpine Crossing|Tongariro, New Zealand|-39.1370|175.6500|19.4|800|P|volcano,emerald lakes,strenuous|across a volcanic saddle past steaming vents and the Emerald Lakes
routeburn-track|Routeburn Track Day Walk|Fiordland, New Zealand|-44.7190|168.1710|12.0|500|O|alpine,lake,great walk|to the Harris Saddle on one of New Zealand's Great Walks
blue-mountains-grand-canyon|Grand Canyon Track|Blue Mountains, Australia|-33.6590|150.2840|6.3|300|L|rainforest,canyon,waterfalls|down into a fern-filled sandstone canyon near Blackheath
"""

TRAIL_LATE = ["lands-end"]          # trails the simulated user first opens in the last week

ROUTE_NAMES = {"L": "loop", "O": "out-and-back", "P": "point-to-point"}


DIFFICULTY_OVERRIDES = {"monterey-bay": "easy", "angels-landing": "hard", "rubicon-trail": "moderate", "laugavegur": "strenuous"}


def difficulty(km, gain):
    score = km * 0.4 + gain / 100.0
    if score < 4.5:
        return "easy"
    if score < 8:
        return "moderate"
    if score < 15:
        return "hard"
    return "strenuous"


TRAIL_EFFORT = {
    "easy": ["Mostly level and suitable for families.", "An easy outing with little climbing.",
             "Gentle grades throughout; good for a short walk.", "Flat enough for a relaxed stroll."],
    "moderate": ["A steady climb of {gain} m rewards you with wide views.",
                 "Moderate, with {gain} m of climbing on good tread.",
                 "Some steep pitches, about {gain} m of gain in total.",
                 "Expect a solid workout: roughly {gain} m up."],
    "hard": ["A demanding day with {gain} m of elevation gain.",
             "Steep and sustained: {gain} m of climbing on rough ground.",
             "Plan for a long day; the trail gains {gain} m.",
             "Hard going, with {gain} m of ascent and few easy sections."],
    "strenuous": ["A serious undertaking with {gain} m of climbing; start before dawn.",
                  "Strenuous: {gain} m of gain, best split over several days.",
                  "Only for fit, well-equipped hikers: {gain} m of ascent.",
                  "A big mountain day with {gain} m of elevation gain."],
}
TRAIL_TIPS = ["Start early to beat the crowds.", "Bring layers; fog can roll in fast.",
              "Parking fills up early on weekends.", "Best in spring when the wildflowers are out.",
              "Dogs are not allowed on this trail.", "Check conditions after heavy rain.",
              "Carry plenty of water; there is little shade.", "Autumn colours peak in October.",
              "Trekking poles help on the descent.", "Beautiful at sunset, so pack a headlamp.",
              "Cell coverage is patchy beyond the trailhead.", "", "", ""]


def naismith(km, gain):
    return int(round((km / 5.0 + gain / 600.0) * 3600 / 300.0)) * 300


def build_trails():
    rng = R("trails")
    out = [app_record(TRAILS_APP, "Trails", ["Trail Guide", "Hiking"])]
    out += [
        intent(TRAILS_APP, "OpenTrail", "Open Trail", "Open ${trail}",
               [{"name": "trail", "type": "TrailEntity"}]),
        intent(TRAILS_APP, "OpenPinnedTrail", "Open Pinned Trail", "Open the pinned trail"),
        intent(TRAILS_APP, "GetTrailConditions", "Get Trail Conditions", "Get conditions for ${trail}",
               [{"name": "trail", "type": "TrailEntity"}]),
        intent(TRAILS_APP, "OpenCollection", "Open Collection", "Show ${collection}",
               [{"name": "collection", "type": "CollectionEntity"}]),
        intent(TRAILS_APP, "FindNearbyTrails", "Find Nearby Trails", "Find trails near me"),
        intent(TRAILS_APP, "StartHike", "Start Hike", "Start tracking a hike on ${trail}",
               [{"name": "trail", "type": "TrailEntity"}]),
    ]
    trails = []
    for r in rows(TRAIL_ROWS):
        id_, title, sub, lat, lon, km, gain, route, kw, feat = r[:10]
        addr = r[10] if len(r) > 10 and r[10] else (sub + ", USA" if re.search(r", [A-Z]{2}$", sub) else sub)
        km, gain = float(km), int(gain)
        diff = DIFFICULTY_OVERRIDES.get(id_) or difficulty(km, gain)
        if feat.startswith("="):
            desc = feat[1:]
        else:
            kmtxt = ("%.1f" % km).rstrip("0").rstrip(".")
            lead = rng.choice(["A {km} km {route} {feat}.", "This {km} km {route} runs {feat}.",
                               "{Route}, {km} km, {feat}."])
            desc = lead.format(km=kmtxt, route=ROUTE_NAMES[route], Route=ROUTE_NAMES[route].capitalize(),
                               feat=feat)
            desc += " " + rng.choice(TRAIL_EFFORT[diff]).format(gain=gain)
            tip = rng.choice(TRAIL_TIPS)
            if tip:
                desc += " " + tip
        props = {
            "lengthKm": km,
            "elevationGainM": gain,
            "difficulty": diff,
            "loop": route == "L",
            "location": PLACE(sub.split(",")[0], lat, lon, addr),
            "estimatedTime": DUR(naismith(km, gain)),
        }
        rh = hint(rng)
        if id_ == "monterey-bay":
            rh = 60
        trails.append(entity(TRAILS_APP, "TrailEntity", id_, title, sub, desc, kws(kw), props, rh))
    by_id = {t["id"]: t for t in trails}

    def pick(pred):
        return [t["id"] for t in trails if pred(t)]

    def country(t):
        return t["properties"]["location"]["place"]["address"].split(",")[-1].strip()

    coll_rows = [
        ("coastal-walks", "Coastal Walks", "Sea cliffs, coves and ocean air.",
         pick(lambda t: "coast" in t.get("keywords", []))),
        ("big-sur-favorites", "Big Sur Favorites", "Redwoods and waterfalls on Highway 1.",
         pick(lambda t: t["subtitle"].startswith("Big Sur") or t["id"] in ("soberanes-canyon", "cypress-grove"))),
        ("near-home", "Weekend Near Home", "Short drives from Pacific Grove for a Saturday morning.",
         ["monterey-bay", "monterey-pine-forest", "cypress-grove", "bird-island", "soberanes-canyon",
          "pfeiffer-falls", "ewoldsen", "pinnacles-high-peaks", "wilder-ranch", "aptos-creek"]),
        ("sierra-high-country", "Sierra High Country", "Granite, alpine lakes and big days in the Sierra Nevada.",
         ["mist-trail", "half-dome", "four-mile-trail", "cathedral-lakes", "mt-whitney", "eagle-lake", "rubicon-trail"]),
        ("waterfall-hikes", "Waterfall Hikes", "Trails that end at falling water.",
         pick(lambda t: any("waterfall" in k for k in t.get("keywords", [])))),
        ("sunrise-summits", "Sunrise Summits", "Worth the alarm clock.",
         pick(lambda t: "sunrise" in t.get("keywords", []))),
        ("alpine-europe", "Alpine Europe", "Classic walks in the Alps and Dolomites.",
         ["tmb-les-houches", "lac-blanc", "tre-cime", "seceda-ridge", "lago-di-sorapis", "eiger-trail",
          "five-lakes-zermatt", "oeschinensee", "seealpsee", "zugspitze-reintal", "hallstatt-soleweg", "triglav-lakes"]),
        ("bucket-list", "Bucket List", "Someday. Definitely someday.",
         ["half-dome", "angels-landing", "trolltunga", "preikestolen", "laugavegur", "tongariro-crossing",
          "poon-hill", "kalalau", "the-narrows", "tre-cime", "huashan-plank", "fuji-yoshida"]),
        ("family-friendly", "Family Friendly", "Short, easy and fun for kids.",
         pick(lambda t: t["properties"]["difficulty"] == "easy")[:18]),
        ("trail-running", "Trail Running Routes", "Runnable singletrack and fire roads.",
         ["dipsea", "aptos-creek", "monterey-bay", "tennessee-valley", "mission-peak", "steep-ravine",
          "wilder-ranch", "soberanes-canyon"]),
        ("national-parks", "US National Parks", "Highlights from the National Park System.",
         pick(lambda t: "National Park" in t["subtitle"] or "Yosemite" in t["subtitle"])),
        ("korea-mountains", "한국의 명산", "서울 근교와 전국의 이름난 산길 모음.",
         pick(lambda t: country(t) in ("대한민국", "South Korea"))),
        ("japan-walks", "日本の山歩き", "高尾山から屋久島まで、日本の名コース。",
         pick(lambda t: country(t) in ("日本", "Japan"))),
        ("china-mountains", "中国名山步道", "黄山、泰山、华山等名山经典路线。",
         pick(lambda t: country(t) in ("中国", "台湾", "China", "Taiwan"))),
        ("rainy-day-forests", "Rainy Day Forest Walks", "Moss, ferns and big trees that look best wet.",
         ["hall-of-mosses", "fern-canyon", "tall-trees-grove", "steep-ravine", "shiratani-unsuikyo",
          "levada-25-fontes", "pfeiffer-falls", "mitake-okutama"]),
    ]
    colls = []
    for cid, ctitle, cdesc, members in coll_rows:
        members = [m for m in members if m in by_id]
        assert members, cid
        props = {"trails": [REF("TrailEntity", m) for m in members], "trailCount": len(members)}
        colls.append(entity(TRAILS_APP, "CollectionEntity", cid, ctitle, "%d trails" % len(members),
                            cdesc, None, props, hint(rng, 30, 70)))
    out += trails + colls
    out += [
        shortcut(TRAILS_APP, "open-pinned-trail", "OpenPinnedTrail", "Open Pinned Trail", "pin",
                 ["Open my pinned trail in ${applicationName}", "Show my pinned trail in ${applicationName}",
                  "${applicationName} pinned trail"]),
        shortcut(TRAILS_APP, "open-trail", "OpenTrail", "Open Trail", "map",
                 ["Open ${trail} in ${applicationName}", "Show ${trail} with ${applicationName}",
                  "Take me to ${trail} in ${applicationName}"],
                 {"name": "trail", "type": "TrailEntity"}),
        shortcut(TRAILS_APP, "get-conditions", "GetTrailConditions", "Get Conditions for Trail",
                 "cloud.sun",
                 ["Get conditions for ${trail} in ${applicationName}", "How is ${trail} today in ${applicationName}",
                  "Check ${trail} conditions with ${applicationName}"],
                 {"name": "trail", "type": "TrailEntity"}),
        shortcut(TRAILS_APP, "show-collection", "OpenCollection", "Show Collection", "rectangle.stack",
                 ["Show ${collection} collection in ${applicationName}", "Open my ${collection} in ${applicationName}"],
                 {"name": "collection", "type": "CollectionEntity"}),
        shortcut(TRAILS_APP, "find-nearby-trails", "FindNearbyTrails", "Find Nearby Trails", "location",
                 ["Find trails near me with ${applicationName}", "What trails are nearby in ${applicationName}",
                  "Show nearby hikes in ${applicationName}"]),
        shortcut(TRAILS_APP, "start-hike", "StartHike", "Start Hike", "figure.hiking",
                 ["Start a hike on ${trail} with ${applicationName}", "Track my hike on ${trail} in ${applicationName}"],
                 {"name": "trail", "type": "TrailEntity"}),
    ]
    return out


# ====================================================================== TRAVEL
TRAVEL_APP = "com.example.travel"

# "#@Continent" lines set the continent of the rows below them.
# id|title|subtitle (city, country)|lat|lon|category|keywords|description
LANDMARK_ROWS = """
#@Europe
eiffel-tower|Eiffel Tower|Paris, France|48.8584|2.2945|tower|paris,iron,night lights|Gustave Eiffel's wrought-iron lattice tower, built for the 1889 World's Fair, sparkles for five minutes every hour after dark.
louvre|Louvre Museum|Paris, France|48.8606|2.3376|museum|paris,art,mona lisa,pyramid|The world's most-visited museum, entered through I. M. Pei's glass pyramid, is home to the Mona Lisa and the Venus de Milo.
mont-saint-michel|Mont-Saint-Michel|Normandy, France|48.6361|-1.5115|abbey|tidal island,abbey,unesco|A Gothic abbey crowns this tidal island, which is cut off from the mainland at high tide.
arc-de-triomphe|Arc de Triomphe|Paris, France|48.8738|2.2950|monument|paris,champs-elysees,rooftop|Napoleon's triumphal arch stands at the top of the Champs-Élysées; climb 284 steps for a view down twelve avenues.
notre-dame|Notre-Dame de Paris|Paris, France|48.8530|2.3499|cathedral|paris,gothic,rose window|The Gothic cathedral on the Île de la Cité reopened in December 2024 after the restoration that followed the 2019 fire.
sacre-coeur|Sacré-Cœur Basilica|Paris, France|48.8867|2.3431|church|montmartre,views,paris|The white travertine basilica on the summit of Montmartre looks out over all of Paris.
versailles|Palace of Versailles|Versailles, France|48.8049|2.1204|palace|hall of mirrors,gardens,louis xiv|Louis XIV's palace, with the Hall of Mirrors and 800 hectares of formal gardens and fountains.
colosseum|Colosseum|Rome, Italy|41.8902|12.4922|amphitheatre|rome,gladiators,ancient|The largest amphitheatre ever built, where up to 50,000 spectators watched gladiator games.
trevi-fountain|Trevi Fountain|Rome, Italy|41.9009|12.4833|fountain|rome,baroque,coins|Toss a coin over your shoulder into Rome's grandest Baroque fountain to be sure you will return.
pantheon|Pantheon|Rome, Italy|41.8986|12.4769|temple|rome,dome,oculus|A 2,000-year-old temple whose unreinforced concrete dome is still the largest of its kind.
leaning-tower|Leaning Tower of Pisa|Pisa, Italy|43.7230|10.3966|tower|pisa,bell tower,tilt|The bell tower of Pisa Cathedral began to lean during construction in the 12th century and never stopped.
st-peters|St. Peter's Basilica|Vatican City|41.9022|12.4539|church|vatican,michelangelo,dome|Michelangelo's dome rises over the largest church in the world; climb to the lantern for a view of the piazza.
duomo-milano|Duomo di Milano|Milan, Italy|45.4642|9.1900|cathedral|milan,gothic,rooftop|Six centuries in the making, Milan's cathedral lets you walk among 135 spires on its marble roof.
florence-duomo|Florence Cathedral|Florence, Italy|43.7731|11.2560|cathedral|florence,brunelleschi,dome|Brunelleschi's red-brick dome defines the skyline of Florence; 463 steps lead to the top.
rialto-bridge|Rialto Bridge|Venice, Italy|45.4380|12.3359|bridge|venice,grand canal,market|The oldest of the four bridges spanning the Grand Canal, lined with small shops.
sagrada-familia|Sagrada Família|Barcelona, Spain|41.4036|2.1744|church|gaudi,barcelona,unfinished|Gaudí's extraordinary basilica, under construction since 1882, floods its nave with coloured light.
park-guell|Park Güell|Barcelona, Spain|41.4145|2.1527|park|gaudi,mosaic,views|Gaudí's hillside park of mosaic benches, gingerbread gatehouses and the famous salamander.
alhambra|Alhambra|Granada, Spain|37.1761|-3.5881|palace|moorish,gardens,unesco|A Nasrid palace-fortress of carved stucco, reflecting pools and the gardens of the Generalife.
mezquita-cordoba|Mezquita of Córdoba|Córdoba, Spain|37.8789|-4.7794|mosque-cathedral|arches,moorish,cordoba|A forest of red-and-white striped arches in a mosque that later had a cathedral built in its heart.
belem-tower|Belém Tower|Lisbon, Portugal|38.6916|-9.2160|fortress|lisbon,manueline,river|A Manueline fortress on the Tagus from which explorers set out during the Age of Discovery.
pena-palace|Pena Palace|Sintra, Portugal|38.7876|-9.3906|palace|sintra,romanticism,colourful|A candy-coloured Romanticist palace perched on a hilltop above Sintra.
big-ben|Big Ben and the Houses of Parliament|London, England|51.5007|-0.1246|clock tower|london,westminster,thames|The Elizabeth Tower's great bell has struck the hours over Westminster since 1859.
tower-bridge|Tower Bridge|London, England|51.5055|-0.0754|bridge|london,thames,glass floor|London's Victorian bascule bridge has a glass-floored walkway 42 metres above the Thames.
buckingham-palace|Buckingham Palace|London, England|51.5014|-0.1419|palace|london,royal,changing of the guard|The monarch's London residence, famous for the Changing of the Guard.
british-museum|British Museum|London, England|51.5194|-0.1270|museum|london,rosetta stone,free|Two million years of human history under one roof, including the Rosetta Stone.
stonehenge|Stonehenge|Wiltshire, England|51.1789|-1.8262|prehistoric|stone circle,solstice,neolithic|A ring of standing stones raised around 2500 BC, aligned with the midsummer sunrise.
edinburgh-castle|Edinburgh Castle|Edinburgh, Scotland|55.9486|-3.1999|castle|edinburgh,volcanic rock,one o'clock gun|A fortress on an extinct volcano that fires the One O'Clock Gun every day except Sunday.
brandenburg-gate|Brandenburg Gate|Berlin, Germany|52.5163|13.3777|monument|berlin,history,reunification|The neoclassical gate that became the symbol of a reunited Germany in 1989.
neuschwanstein|Neuschwanstein Castle|Schwangau, Germany|47.5576|10.7498|castle|bavaria,fairy tale,ludwig ii|King Ludwig II's fairy-tale castle above the Pöllat gorge inspired Disney's Sleeping Beauty Castle.
cologne-cathedral|Cologne Cathedral|Cologne, Germany|50.9413|6.9583|cathedral|gothic,rhine,twin spires|Germany's most-visited landmark took 632 years to finish; its twin spires reach 157 metres.
charles-bridge|Charles Bridge|Prague, Czechia|50.0865|14.4114|bridge|prague,statues,vltava|A 14th-century stone bridge over the Vltava lined with thirty Baroque statues.
prague-castle|Prague Castle|Prague, Czechia|50.0911|14.4016|castle|prague,st vitus,palace|The largest ancient castle complex in the world, with St. Vitus Cathedral at its centre.
schonbrunn|Schönbrunn Palace|Vienna, Austria|48.1845|16.3122|palace|vienna,habsburg,gardens|The Habsburgs' 1,441-room summer residence with formal gardens and the Gloriette.
hallgrimskirkja|Hallgrímskirkja|Reykjavík, Iceland|64.1417|-21.9266|church|reykjavik,basalt,tower|A concrete church shaped like basalt columns, with a tower view over colourful Reykjavík.
acropolis|Acropolis of Athens|Athens, Greece|37.9715|23.7257|ancient|parthenon,athens,unesco|The citadel of ancient Athens, crowned by the Parthenon.
oia-santorini|Oia Sunset Point|Santorini, Greece|36.4618|25.3753|village|santorini,blue domes,sunset|Whitewashed houses and blue domes on the caldera rim, famous for its sunsets.
hagia-sophia|Hagia Sophia|Istanbul, Türkiye|41.0086|28.9802|mosque|istanbul,byzantine,dome|A 6th-century Byzantine cathedral turned mosque, with a dome that seems to float on light.
cappadocia|Cappadocia Fairy Chimneys|Göreme, Türkiye|38.6431|34.8289|landscape|balloons,sunrise,cave hotels|Volcanic rock chimneys and cave churches, best seen from a hot-air balloon at dawn.
rijksmuseum|Rijksmuseum|Amsterdam, Netherlands|52.3600|4.8852|museum|amsterdam,rembrandt,night watch|The Dutch national museum, home to Rembrandt's Night Watch and Vermeer's Milkmaid.
little-mermaid|The Little Mermaid|Copenhagen, Denmark|55.6929|12.5993|statue|copenhagen,andersen,harbour|A small bronze statue on the Langelinie waterfront, based on Hans Christian Andersen's tale.
nyhavn|Nyhavn|Copenhagen, Denmark|55.6798|12.5907|harbour|copenhagen,colourful houses,canal|A 17th-century canal lined with brightly painted townhouses, bars and wooden ships.
st-basils|St. Basil's Cathedral|Moscow, Russia|55.7525|37.6231|cathedral|red square,onion domes,moscow|Nine onion domes in swirling colours at the edge of Red Square.
matterhorn-glacier-paradise|Matterhorn Glacier Paradise|Zermatt, Switzerland|45.9383|7.7297|viewpoint|matterhorn,glacier,cable car|Europe's highest cable-car station, 3,883 metres up, with an ice palace inside the glacier.
chapel-bridge|Chapel Bridge|Lucerne, Switzerland|47.0517|8.3075|bridge|lucerne,wooden,paintings|A covered wooden footbridge from 1333 decorated with painted triangular panels.
#@North America
golden-gate-bridge|Golden Gate Bridge|San Francisco, CA|37.8199|-122.4783|bridge|san francisco,fog,art deco|The International Orange suspension bridge that spans the Golden Gate strait, often wrapped in fog.
alcatraz|Alcatraz Island|San Francisco, CA|37.8267|-122.4230|prison|island,history,ferry|The former federal penitentiary on "The Rock", reached by ferry from Pier 33.
statue-of-liberty|Statue of Liberty|New York, NY|40.6892|-74.0445|statue|new york,liberty island,crown|A gift from France in 1886; book months ahead to climb to the crown.
empire-state|Empire State Building|New York, NY|40.7484|-73.9857|skyscraper|new york,art deco,observation deck|The 1931 Art Deco skyscraper with an open-air observation deck on the 86th floor.
central-park|Central Park|New York, NY|40.7829|-73.9654|park|new york,bethesda fountain,skating|843 acres of meadows, lakes and paths designed by Olmsted and Vaux in the middle of Manhattan.
brooklyn-bridge|Brooklyn Bridge|New York, NY|40.7061|-73.9969|bridge|new york,walk,skyline|Walk the elevated promenade of the 1883 suspension bridge for a classic skyline view.
times-square|Times Square|New York, NY|40.7580|-73.9855|square|new york,neon,new year's eve|Giant digital billboards and Broadway marquees at the crossroads of the world.
hollywood-sign|Hollywood Sign|Los Angeles, CA|34.1341|-118.3215|sign|los angeles,hills,film|Fifteen-metre white letters on Mount Lee, originally an advertisement for a housing development.
space-needle|Space Needle|Seattle, WA|47.6205|-122.3493|tower|seattle,1962 world's fair,glass floor|Built for the 1962 World's Fair, with a rotating glass floor 150 metres up.
gateway-arch|Gateway Arch|St. Louis, MO|38.6247|-90.1848|monument|st louis,stainless steel,tram|A 192-metre stainless-steel arch celebrating the westward expansion, with a tram to the top.
lincoln-memorial|Lincoln Memorial|Washington, DC|38.8893|-77.0502|memorial|washington,national mall,reflecting pool|A Doric temple with a seated Lincoln gazing down the Reflecting Pool.
mount-rushmore|Mount Rushmore|Keystone, SD|43.8791|-103.4591|memorial|presidents,black hills,granite|Four presidents carved into the granite of the Black Hills.
grand-canyon-mather|Grand Canyon Mather Point|Grand Canyon, AZ|36.0617|-112.1079|viewpoint|canyon,sunrise,south rim|The first big view of the canyon for most visitors arriving at the South Rim.
old-faithful|Old Faithful|Yellowstone, WY|44.4605|-110.8281|geyser|geyser,yellowstone,eruption|A cone geyser that erupts roughly every 90 minutes, sending water 40 metres into the air.
hoover-dam|Hoover Dam|Boulder City, NV|36.0161|-114.7377|dam|colorado river,art deco,engineering|A 221-metre concrete arch-gravity dam holding back Lake Mead.
las-vegas-strip|Las Vegas Strip|Las Vegas, NV|36.1147|-115.1728|street|casinos,fountains,neon|Seven kilometres of themed resorts, the Bellagio fountains and neon at all hours.
bixby-bridge|Bixby Creek Bridge|Big Sur, CA|36.3715|-121.9016|bridge|big sur,highway 1,road trip|A concrete arch bridge on Highway 1, one of the most photographed bridges in California.
lone-cypress|The Lone Cypress|Pebble Beach, CA|36.5688|-121.9655|tree|17-mile drive,cypress,coast|A solitary Monterey cypress clinging to a granite outcrop on 17-Mile Drive.
cannery-row|Cannery Row|Monterey, CA|36.6163|-121.9012|street|steinbeck,sardines,waterfront|The old sardine-cannery street made famous by John Steinbeck, now full of restaurants and the aquarium.
point-pinos-lighthouse|Point Pinos Lighthouse|Pacific Grove, CA|36.6336|-121.9337|lighthouse|lighthouse,oldest,pacific grove|The oldest continuously operating lighthouse on the West Coast, lit since 1855.
niagara-falls|Niagara Falls|Niagara Falls, ON|43.0962|-79.0377|waterfall|horseshoe falls,boat,mist|Three waterfalls on the US–Canada border; the Horseshoe Falls are the most powerful.
cn-tower|CN Tower|Toronto, ON|43.6426|-79.3871|tower|toronto,edgewalk,skyline|A 553-metre tower with a glass floor and the hands-free EdgeWalk around its rim.
chateau-frontenac|Château Frontenac|Québec City, QC|46.8119|-71.2049|hotel|quebec,castle hotel,old town|A grand railway hotel in the style of a French château above the St. Lawrence.
chichen-itza|Chichén Itzá|Yucatán, Mexico|20.6843|-88.5678|ruins|maya,pyramid,equinox|The Maya city whose El Castillo pyramid casts a serpent shadow at the equinoxes.
teotihuacan|Teotihuacan|State of Mexico, Mexico|19.6925|-98.8438|ruins|pyramid of the sun,avenue of the dead,balloons|The vast ancient city with the Pyramids of the Sun and the Moon.
#@South America
machu-picchu|Machu Picchu|Cusco Region, Peru|-13.1631|-72.5450|ruins|inca,andes,unesco|The 15th-century Inca citadel on a ridge above the Urubamba valley.
christ-the-redeemer|Christ the Redeemer|Rio de Janeiro, Brazil|-22.9519|-43.2105|statue|rio,corcovado,art deco|The 30-metre Art Deco statue with outstretched arms atop Corcovado.
sugarloaf|Sugarloaf Mountain|Rio de Janeiro, Brazil|-22.9486|-43.1566|mountain|rio,cable car,sunset|A granite peak at the mouth of Guanabara Bay, reached by cable car.
iguazu-falls|Iguazú Falls|Misiones, Argentina|-25.6953|-54.4367|waterfall|devil's throat,jungle,border|Some 275 cascades on the Argentina–Brazil border, led by the Devil's Throat.
perito-moreno|Perito Moreno Glacier|Santa Cruz, Argentina|-50.4960|-73.1375|glacier|patagonia,calving,ice|A 5-km-wide glacier front that regularly calves towers of ice into Lago Argentino.
torres-del-paine|Torres del Paine|Magallanes, Chile|-50.9423|-73.4068|national park|patagonia,granite towers,w trek|Three granite towers rising above a glacial lake in Chilean Patagonia.
moai-rano-raraku|Moai at Rano Raraku|Easter Island, Chile|-27.1217|-109.2886|statues|moai,rapa nui,quarry|The volcanic quarry where nearly 400 moai stand half-buried on the slopes.
#@Africa & Middle East
pyramids-of-giza|Pyramids of Giza|Giza, Egypt|29.9792|31.1342|pyramid|egypt,ancient wonder,pharaohs|The last standing wonder of the ancient world, built for the pharaohs Khufu, Khafre and Menkaure.
great-sphinx|Great Sphinx of Giza|Giza, Egypt|29.9753|31.1376|statue|egypt,limestone,pharaoh|A limestone lion with a pharaoh's face guarding the Giza plateau.
abu-simbel|Abu Simbel Temples|Aswan, Egypt|22.3372|31.6258|temple|ramesses ii,nile,relocated|Ramesses II's rock-cut temples, moved block by block in the 1960s to escape Lake Nasser.
petra|Petra Treasury|Ma'an, Jordan|30.3285|35.4444|ruins|nabataean,rose city,siq|A temple façade carved into rose-red sandstone at the end of the narrow Siq.
burj-khalifa|Burj Khalifa|Dubai, UAE|25.1972|55.2744|skyscraper|dubai,tallest,observation deck|At 828 metres the tallest building in the world, with decks on the 124th and 148th floors.
sheikh-zayed-mosque|Sheikh Zayed Grand Mosque|Abu Dhabi, UAE|24.4128|54.4750|mosque|abu dhabi,white marble,chandeliers|Eighty-two white domes and the world's largest hand-knotted carpet.
western-wall|Western Wall|Jerusalem|31.7767|35.2345|holy site|jerusalem,old city,prayer|The last remaining wall of the Second Temple's courtyard, a place of prayer for centuries.
table-mountain|Table Mountain|Cape Town, South Africa|-33.9628|18.4098|mountain|cape town,cable car,fynbos|A flat-topped mountain above Cape Town, often draped in its "tablecloth" of cloud.
victoria-falls|Victoria Falls|Livingstone, Zambia|-17.9243|25.8572|waterfall|zambezi,smoke that thunders,rainbow|Mosi-oa-Tunya, "the smoke that thunders", a 1.7-km curtain of water on the Zambezi.
kilimanjaro|Mount Kilimanjaro|Kilimanjaro, Tanzania|-3.0674|37.3556|mountain|summit,africa highest,glaciers|Africa's highest peak, a free-standing volcano climbed without ropes in about a week.
#@Asia
taj-mahal|Taj Mahal|Agra, India|27.1751|78.0421|mausoleum|agra,marble,sunrise|The white marble mausoleum Shah Jahan built for Mumtaz Mahal, at its most beautiful at sunrise.
gateway-of-india|Gateway of India|Mumbai, India|18.9220|72.8347|monument|mumbai,harbour,arch|A basalt arch on the Mumbai waterfront built to welcome King George V in 1911.
hawa-mahal|Hawa Mahal|Jaipur, India|26.9239|75.8267|palace|jaipur,pink city,windows|The "Palace of Winds", a honeycomb façade of 953 small windows in pink sandstone.
golden-temple|Golden Temple|Amritsar, India|31.6200|74.8765|temple|amritsar,sikh,langar|Harmandir Sahib, the gilded Sikh shrine whose community kitchen feeds 50,000 people a day.
angkor-wat|Angkor Wat|Siem Reap, Cambodia|13.4125|103.8670|temple|khmer,sunrise,unesco|The largest religious monument in the world, famous for sunrise over its five towers.
petronas-towers|Petronas Towers|Kuala Lumpur, Malaysia|3.1579|101.7116|skyscraper|kuala lumpur,skybridge,night|Twin steel-and-glass towers joined by a skybridge on the 41st floor.
marina-bay-sands|Marina Bay Sands|Singapore|1.2834|103.8607|hotel|singapore,infinity pool,skypark|Three towers topped by a ship-shaped SkyPark and an infinity pool.
gardens-by-the-bay|Gardens by the Bay|Singapore|1.2816|103.8636|garden|supertrees,light show,cloud forest|Futuristic Supertrees, a cloud-forest dome and a nightly light show.
borobudur|Borobudur|Central Java, Indonesia|-7.6079|110.2038|temple|buddhist,stupas,sunrise|The world's largest Buddhist temple, a stepped mandala of 504 Buddha statues.
tanah-lot|Tanah Lot Temple|Bali, Indonesia|-8.6212|115.0868|temple|bali,sea temple,sunset|A Hindu sea temple on a rock that becomes an island at high tide.
ha-long-bay|Ha Long Bay|Quảng Ninh, Vietnam|20.9101|107.1839|seascape|limestone karsts,cruise,kayak|Thousands of limestone islands rising from emerald water, best seen from an overnight junk.
hoi-an|Hoi An Ancient Town|Quảng Nam, Vietnam|15.8801|108.3380|old town|lanterns,tailors,japanese bridge|A trading port of yellow merchant houses, silk lanterns and a 16th-century covered bridge.
grand-palace-bangkok|Grand Palace|Bangkok, Thailand|13.7500|100.4913|palace|bangkok,emerald buddha,royal|The former royal residence and the Temple of the Emerald Buddha.
wat-arun|Wat Arun|Bangkok, Thailand|13.7437|100.4889|temple|bangkok,river,porcelain|The Temple of Dawn, its spires encrusted with porcelain, on the Chao Phraya river.
shwedagon|Shwedagon Pagoda|Yangon, Myanmar|16.7984|96.1496|pagoda|yangon,gold,stupa|A gilded stupa 99 metres tall, said to enshrine relics of four Buddhas.
victoria-peak|Victoria Peak|Hong Kong|22.2759|114.1455|viewpoint|peak tram,skyline,night view|Ride the Peak Tram for the classic view over Victoria Harbour's skyline.
taipei-101|Taipei 101|Taipei, Taiwan|25.0340|121.5645|skyscraper|taipei,new year fireworks,damper|A bamboo-shaped skyscraper with a 660-tonne tuned mass damper you can visit.
mount-fuji-kawaguchiko|Mount Fuji from Lake Kawaguchi|Fujikawaguchiko, Japan|35.5170|138.7520|viewpoint|fuji,lake,reflection|The classic reflection of Mount Fuji across Lake Kawaguchi, best on clear winter mornings.
tokyo-tower|Tokyo Tower|Tokyo, Japan|35.6586|139.7454|tower|tokyo,orange,night view|The orange-and-white 333-metre tower inspired by the Eiffel Tower.
#@Oceania
sydney-opera-house|Sydney Opera House|Sydney, Australia|-33.8568|151.2153|opera house|sydney,sails,harbour|Jørn Utzon's sail-shaped concert halls on Bennelong Point.
sydney-harbour-bridge|Sydney Harbour Bridge|Sydney, Australia|-33.8523|151.2108|bridge|sydney,bridge climb,new year's eve|The "Coathanger", climbable to its summit arch 134 metres above the harbour.
uluru|Uluru|Northern Territory, Australia|-25.3444|131.0369|monolith|red centre,sunset,sacred site|A sacred sandstone monolith in the Red Centre that glows red at sunset.
twelve-apostles|Twelve Apostles|Great Ocean Road, Australia|-38.6621|143.1051|sea stacks|great ocean road,limestone,sunset|Limestone stacks rising from the Southern Ocean along the Great Ocean Road.
milford-sound|Milford Sound|Fiordland, New Zealand|-44.6414|167.8974|fjord|fiordland,waterfalls,cruise|A fjord of sheer cliffs and waterfalls, with Mitre Peak rising from the water.
hobbiton|Hobbiton Movie Set|Matamata, New Zealand|-37.8721|175.6829|film set|hobbit holes,lord of the rings,tour|The Shire from the films, with 44 hobbit holes and the Green Dragon Inn.
#@Asia (CJK)
great-wall-badaling|万里长城|北京市延庆区, 中国|40.3588|116.0200|wall|great wall,badaling,unesco|八达岭长城是明长城中保存最完好的一段，也是最早向游客开放的长城景区。
forbidden-city|故宫博物院|北京市东城区, 中国|39.9163|116.3972|palace|forbidden city,imperial,beijing|明清两代的皇家宫殿，拥有近千座建筑和一百八十多万件珍贵文物。
temple-of-heaven|Temple of Heaven|Beijing, China|39.8822|116.4066|temple|天坛,ming,beijing|Where Ming and Qing emperors prayed for good harvests; the round Hall of Prayer is a symbol of Beijing.
summer-palace|Summer Palace|Beijing, China|39.9999|116.2755|garden|颐和园,kunming lake,imperial garden|An imperial garden of lakes, bridges and pavilions around Kunming Lake, with a covered Long Corridor painted with 14,000 scenes.
terracotta-army|秦始皇兵马俑|西安市临潼区, 中国|34.3841|109.2785|museum|terracotta warriors,xian,qin|秦始皇陵的陪葬坑中出土了八千多件真人大小的陶俑和陶马。
the-bund|上海外滩|上海市黄浦区, 中国|31.2400|121.4900|waterfront|bund,shanghai,night view|黄浦江畔的万国建筑博览群，夜晚与对岸陆家嘴的天际线交相辉映。
west-lake|杭州西湖|杭州市西湖区, 中国|30.2450|120.1500|lake|west lake,hangzhou,poetry|“欲把西湖比西子，淡妆浓抹总相宜”，断桥残雪与苏堤春晓最负盛名。
potala-palace|Potala Palace|Lhasa, Tibet|29.6578|91.1169|palace|布达拉宫,tibet,lhasa|The thousand-room winter palace of the Dalai Lamas, rising in white and red walls above Lhasa.
leshan-buddha|Leshan Giant Buddha|Leshan, China|29.5449|103.7729|statue|乐山大佛,leshan,cliff|A 71-metre Buddha carved into a riverside cliff in the Tang dynasty, the largest stone Buddha on Earth.
li-river|Li River Cruise|Guilin, China|24.7780|110.4940|river|漓江,karst,bamboo raft|Drift past karst peaks between Guilin and Yangshuo; the view on the back of the 20-yuan note.
mogao-caves|Mogao Caves|Dunhuang, China|40.0420|94.8080|caves|莫高窟,dunhuang,silk road,murals|Nearly 500 Buddhist cave temples on the Silk Road, holding 45,000 square metres of murals.
yellow-crane-tower|Yellow Crane Tower|Wuhan, China|30.5446|114.3020|tower|黄鹤楼,wuhan,poetry|A five-storey tower above the Yangtze, celebrated in Tang-dynasty poetry.
oriental-pearl|Oriental Pearl Tower|Shanghai, China|31.2397|121.4998|tower|东方明珠,shanghai,skyline|The pink-sphered 468-metre TV tower that anchors the Lujiazui skyline across from the Bund.
humble-administrators-garden|Humble Administrator's Garden|Suzhou, China|31.3240|120.6280|garden|拙政园,suzhou,classical garden,unesco|The finest of Suzhou's classical gardens, built around ponds, rockeries and moon gates.
kiyomizu-dera|清水寺|京都市東山区, 日本|34.9949|135.7850|temple|kiyomizu,kyoto,autumn leaves|音羽山の中腹に建つ古刹で、139本の柱に支えられた「清水の舞台」から京都市街を一望できます。
fuji-fifth-station|富士山五合目|富士吉田市, 日本|35.3950|138.7330|viewpoint|fuji,subaru line,mountain|富士スバルラインの終点。登山の出発点であり、晴れた日には雲海を見下ろせます。
fushimi-inari|Fushimi Inari Taisha|Kyoto, Japan|34.9671|135.7727|shrine|伏見稲荷大社,torii,kyoto|The head shrine of Inari, where thousands of vermilion torii gates climb Mount Inari.
kinkaku-ji|Kinkaku-ji (Golden Pavilion)|Kyoto, Japan|35.0394|135.7292|temple|金閣寺,golden pavilion,zen|A Zen temple whose gold-leafed pavilion is mirrored in the Kyōko-chi pond.
tokyo-skytree|東京スカイツリー|東京都墨田区, 日本|35.7101|139.8107|tower|skytree,tokyo,observation deck|高さ634メートルの電波塔。天望回廊からは関東平野を一望できます。
shibuya-crossing|渋谷スクランブル交差点|東京都渋谷区, 日本|35.6595|139.7005|square|shibuya,crossing,tokyo|一度の青信号で最大3,000人が行き交う世界一有名な交差点です。
arashiyama-bamboo|嵐山の竹林の小径|京都市右京区, 日本|35.0170|135.6713|forest|arashiyama,bamboo grove,kyoto|天に向かって伸びる竹林の中を歩く小道。早朝に訪れると静かに楽しめます。
osaka-castle|Osaka Castle|Osaka, Japan|34.6873|135.5262|castle|大阪城,sakura,history|Toyotomi Hideyoshi's castle keep rising above moats and cherry trees.
dotonbori|道頓堀のグリコサイン|大阪市中央区, 日本|34.6687|135.5013|street|dotonbori,osaka,street food,neon|ネオンが輝く大阪の食い倒れの街。たこ焼きとお好み焼きの食べ歩きが定番です。
shirakawa-go|白川郷の合掌造り集落|白川村, 岐阜県, 日本|36.2577|136.9060|village|shirakawa-go,thatched houses,snow|茅葺き屋根の合掌造り家屋が並ぶ世界遺産の集落。冬のライトアップが有名です。
itsukushima|厳島神社の大鳥居|廿日市市, 広島県, 日本|34.2960|132.3198|shrine|miyajima,floating torii,hiroshima|満潮時には海に浮かんで見える朱色の大鳥居。干潮時には歩いて近づけます。
gyeongbokgung|경복궁|서울특별시 종로구, 대한민국|37.5796|126.9770|palace|gyeongbokgung,joseon,seoul|조선 왕조의 법궁으로, 근정전과 경회루가 아름답습니다. 한복을 입으면 무료로 입장할 수 있습니다.
n-seoul-tower|N서울타워|서울특별시 용산구, 대한민국|37.5512|126.9882|tower|namsan,seoul tower,love locks|남산 정상에 있는 전망탑으로 서울 야경 명소입니다. 사랑의 자물쇠로도 유명합니다.
bulguksa|불국사|경주시, 경상북도, 대한민국|35.7900|129.3320|temple|bulguksa,gyeongju,silla,unesco|신라 불교 예술의 정수로, 다보탑과 석가탑이 나란히 서 있는 세계유산입니다.
haeundae-beach|해운대 해수욕장|부산광역시 해운대구, 대한민국|35.1587|129.1604|beach|haeundae,busan,beach|부산을 대표하는 해변으로 여름 피서객과 겨울 빛축제로 늘 붐빕니다.
gwangan-bridge|Gwangan Bridge|Busan, South Korea|35.1470|129.1300|bridge|광안대교,busan,night view|A double-deck suspension bridge across Gwangalli Beach, lit in changing colours after dark.
changdeokgung-huwon|창덕궁 후원|서울특별시 종로구, 대한민국|37.5826|126.9910|garden|secret garden,changdeokgung,joseon|자연 지형을 살린 조선 왕실의 정원으로, 가을 단풍 시기 해설 관람이 인기입니다.
seokguram|Seokguram Grotto|Gyeongju, South Korea|35.7950|129.3490|grotto|석굴암,buddha,gyeongju,unesco|An 8th-century granite grotto on Tohamsan whose seated Buddha faces the East Sea sunrise.
gamcheon-village|Gamcheon Culture Village|Busan, South Korea|35.0975|129.0106|village|감천문화마을,colourful houses,busan|Pastel houses stacked up a hillside in Busan, linked by murals and narrow stairways.
bukchon-hanok-village|북촌한옥마을|서울특별시 종로구, 대한민국|37.5826|126.9836|village|bukchon,hanok,seoul|경복궁과 창덕궁 사이에 전통 한옥 수백 채가 모여 있는 골목 마을입니다.
seongsan-ilchulbong|성산일출봉|서귀포시, 제주특별자치도, 대한민국|33.4580|126.9425|crater|jeju,sunrise peak,unesco|바다에서 솟아오른 화산 분화구로, 정상에서 맞는 일출이 장관입니다.
"""

LANDMARK_TIPS = ["Go early or late to avoid the tour groups.", "The light is best in the late afternoon.",
                 "A favourite with photographers at blue hour.", "Bring a jacket; it gets windy.", "", "", ""]
LANDMARK_TIPS_INDOOR = ["Timed tickets sell out in summer; book ahead.", "Allow at least two hours.",
                        "Closed on Mondays.", "Audio guides are available in a dozen languages."]
CAMERAS = {2019: ["iPhone XS"], 2021: ["iPhone 12 Pro", "Fujifilm X100V"], 2022: ["iPhone 14 Pro", "Fujifilm X100V"],
           2023: ["iPhone 14 Pro", "Fujifilm X100V"], 2024: ["iPhone 15 Pro", "Fujifilm X100V"],
           2025: ["iPhone 16 Pro", "iPhone 16 Pro", "Fujifilm X100V"]}


def photo_template_ok(tpl, t):
    if "snow" in tpl:
        return t.month in (12, 1, 2)
    if tpl.startswith("Sunrise"):
        return t.hour < 9
    if "at night" in tpl or "Blue hour" in tpl:
        return t.hour >= 18
    if "afternoon" in tpl:
        return 12 <= t.hour < 18
    if tpl.startswith("Lunch"):
        return 11 <= t.hour < 15
    return True

# trip id|title hint|utc offset|start date|end date|landmark ids (space separated)|companions
TRIP_ROWS = """
uk-2021|UK|+01:00|2021-09-04|2021-09-13|big-ben tower-bridge british-museum buckingham-palace stonehenge edinburgh-castle|sam
nyc-2022|New York|-05:00|2022-12-27|2022-12-31|statue-of-liberty empire-state central-park brooklyn-bridge times-square|sam mia
paris-2023|Paris & Normandy|+02:00|2023-04-14|2023-04-22|eiffel-tower louvre arc-de-triomphe notre-dame sacre-coeur versailles mont-saint-michel|sam
southwest-2023|Southwest road trip|-07:00|2023-10-07|2023-10-12|las-vegas-strip hoover-dam grand-canyon-mather|sam mia
italy-2024|Italy|+02:00|2024-06-08|2024-06-19|colosseum trevi-fountain pantheon st-peters florence-duomo leaning-tower rialto-bridge duomo-milano|sam mia
korea-2024|Seoul & Busan|+09:00|2024-10-03|2024-10-11|gyeongbokgung n-seoul-tower bukchon-hanok-village changdeokgung-huwon haeundae-beach gwangan-bridge gamcheon-village bulguksa seokguram|sam
iberia-2025|Spain & Portugal|+01:00|2025-03-21|2025-03-30|sagrada-familia park-guell alhambra mezquita-cordoba belem-tower pena-palace|sam
highway1-2025|Highway 1|-07:00|2025-07-04|2025-07-06|golden-gate-bridge alcatraz bixby-bridge lone-cypress cannery-row point-pinos-lighthouse|sam mia
japan-2025|Japan|+09:00|2025-11-12|2025-11-24|tokyo-skytree shibuya-crossing tokyo-tower mount-fuji-kawaguchiko fuji-fifth-station kiyomizu-dera fushimi-inari kinkaku-ji arashiyama-bamboo osaka-castle dotonbori|sam
china-2019|China|+08:00|2019-05-02|2019-05-14|great-wall-badaling forbidden-city temple-of-heaven summer-palace terracotta-army the-bund oriental-pearl west-lake|
"""

PHOTO_TEMPLATES = ["Sunrise at {L}", "{L} at night", "Panorama from {L}", "Selfie at {L}", "{L} in the fog",
                   "{L}, golden hour", "Rainy afternoon at {L}", "Crowds at {L}", "Details of {L}",
                   "{L} from across the water", "Blue hour at {L}", "First glimpse of {L}", "{W} at {L}",
                   "{W} and me at {L}", "Leaving {L}", "Wide shot of {L}", "Looking up at {L}",
                   "Lunch near {L}", "{L} in the snow", "{L} reflections"]
# landmark id -> (language, title of its first photo, hour it was taken or None)
PHOTO_CJK = {
    "kiyomizu-dera": ("ja", "清水寺の紅葉", None), "arashiyama-bamboo": ("ja", "嵐山の朝さんぽ", 7),
    "gyeongbokgung": ("ko", "경복궁 야경", 19), "haeundae-beach": ("ko", "해운대 일출", 6),
    "the-bund": ("zh", "外滩夜景", 20), "great-wall-badaling": ("zh", "长城上的合影", None),
}
ENGLISH_NAMES = {
    "great-wall-badaling": "the Great Wall", "forbidden-city": "the Forbidden City",
    "temple-of-heaven": "the Temple of Heaven", "summer-palace": "the Summer Palace",
    "terracotta-army": "the Terracotta Army", "the-bund": "the Bund", "oriental-pearl": "Oriental Pearl Tower",
    "west-lake": "West Lake", "kiyomizu-dera": "Kiyomizu-dera", "fuji-fifth-station": "Fuji Fifth Station",
    "fushimi-inari": "Fushimi Inari", "kinkaku-ji": "Kinkaku-ji", "tokyo-skytree": "Tokyo Skytree",
    "shibuya-crossing": "Shibuya Crossing", "arashiyama-bamboo": "Arashiyama Bamboo Grove",
    "osaka-castle": "Osaka Castle", "dotonbori": "Dotonbori", "gyeongbokgung": "Gyeongbokgung",
    "n-seoul-tower": "N Seoul Tower", "bukchon-hanok-village": "Bukchon", "changdeokgung-huwon": "the Secret Garden",
    "haeundae-beach": "Haeundae Beach", "gwangan-bridge": "Gwangan Bridge", "gamcheon-village": "Gamcheon Village",
    "bulguksa": "Bulguksa", "seokguram": "Seokguram",
}


def parse_landmarks():
    cont = None
    out = []
    for line in LANDMARK_ROWS.strip("\n").split("\n"):
        line = line.strip()
        if line.startswith("#@"):
            cont = line[2:].replace(" (CJK)", "")
            continue
        if not line or line.startswith("#"):
            continue
        c = [x.strip() for x in line.split("|")]
        out.append(dict(id=c[0], title=c[1], sub=c[2], lat=float(c[3]), lon=float(c[4]), cat=c[5],
                        kw=kws(c[6]), desc=c[7], continent=cont))
    return out


def build_travel():
    rng = R("travel")
    A = TRAVEL_APP
    out = [app_record(A, "Travel Tracker", ["Landmarks", "Trips", "Travel Journal"])]
    out += [
        intent(A, "OpenLandmark", "Open Landmark", "Open ${landmark}", [{"name": "landmark", "type": "LandmarkEntity"}]),
        intent(A, "GetDirections", "Get Directions", "Get directions to ${landmark}",
               [{"name": "landmark", "type": "LandmarkEntity"}]),
        intent(A, "OpenCollection", "Open Collection", "Show ${collection}",
               [{"name": "collection", "type": "CollectionEntity"}]),
        intent(A, "FindNearestLandmark", "Find Nearest Landmark", "Find the closest landmark"),
        intent(A, "ShowLandmarkPhotos", "Show Landmark Photos", "Show photos of ${landmark}",
               [{"name": "landmark", "type": "LandmarkEntity"}]),
        intent(A, "OpenPhoto", "Open Photo", "Open ${photo}", [{"name": "photo", "type": "PhotoEntity"}]),
    ]
    lms = parse_landmarks()
    lm_by = {l["id"]: l for l in lms}
    # ---- photos (generated first so landmarks can carry photo counts)
    photos = []
    used_titles = set()
    photo_count = {}
    trip_of = {}
    for tr in rows(TRIP_ROWS):
        tid, tname, off, d0, d1, lids, comp = tr
        lids = lids.split()
        comp = comp.split()
        y0, m0, dd0 = map(int, d0.split("-"))
        y1, m1, dd1 = map(int, d1.split("-"))
        start = _dt.date(y0, m0, dd0)
        ndays = (_dt.date(y1, m1, dd1) - start).days + 1
        sign = 1 if off[0] == "+" else -1
        tz = _dt.timezone(sign * _dt.timedelta(hours=int(off[1:3]), minutes=int(off[4:6])))
        for i, lid in enumerate(lids):
            assert lid in lm_by, lid
            trip_of[lid] = tid
            lm = lm_by[lid]
            day = start + _dt.timedelta(days=min(ndays - 1, i * ndays // len(lids)))
            n = rng.choice([2, 2, 3, 3, 3, 4, 4, 5])
            t = _dt.datetime(day.year, day.month, day.day, rng.randint(7, 11), rng.randint(0, 59),
                             rng.randint(0, 59), tzinfo=tz)
            ename = ENGLISH_NAMES.get(lid, lm["title"])
            for k in range(n):
                t = t + _dt.timedelta(minutes=rng.randint(3, 140), seconds=rng.randint(0, 59))
                if k == 0 and lid in PHOTO_CJK:
                    title = PHOTO_CJK[lid][1]
                    if PHOTO_CJK[lid][2] is not None:
                        t = t.replace(hour=PHOTO_CJK[lid][2])
                else:
                    for _ in range(50):
                        tpl = rng.choice(PHOTO_TEMPLATES)
                        if ("{W}" in tpl and not comp) or not photo_template_ok(tpl, t):
                            continue
                        who = PEOPLE[rng.choice(comp)]["givenName"] if comp else ""
                        title = tpl.format(L=ename, W=who)
                        title = title[0].upper() + title[1:]
                        if title not in used_titles:
                            break
                used_titles.add(title)
                tags = [w for w in lm["kw"][:2]]
                hour = t.hour
                tags.append("morning" if hour < 11 else "afternoon" if hour < 17 else "evening" if hour < 20 else "night")
                if "Selfie" in title or "me at" in title:
                    tags.append("selfie")
                if comp and ("and me" in title or rng.random() < 0.25):
                    tags.append("family")
                tags.append(tname.lower())
                props = {
                    "takenAt": DATE(t),
                    "landmark": REF("LandmarkEntity", lid),
                    "location": PLACE(lm["sub"].split(",")[0], lm["lat"] + rng.uniform(-0.002, 0.002),
                                      lm["lon"] + rng.uniform(-0.002, 0.002), lm["sub"]),
                    "camera": rng.choice(CAMERAS[t.year]),
                    "favorite": rng.random() < 0.18,
                }
                if "family" in tags:
                    props["people"] = [PERSON(PEOPLE[c]) for c in comp]
                pid = "img-%s" % t.strftime("%Y%m%d-%H%M%S")
                sub = "%s · %s" % (ename if lm["title"] == ename else lm["title"], t.strftime("%b %-d, %Y"))
                photos.append(entity(A, "PhotoEntity", pid, title, sub, None, tags, props, hint(rng, 15, 55)))
                photo_count[lid] = photo_count.get(lid, 0) + 1
    # ---- landmarks
    landmarks = []
    for lm in lms:
        desc = lm["desc"]
        if lm["title"].isascii():
            indoor = lm["cat"] in ("museum", "palace", "castle")
            tip = rng.choice(LANDMARK_TIPS_INDOOR if indoor and rng.random() < 0.6 else LANDMARK_TIPS)
            if tip:
                desc += " " + tip
        kw = list(lm["kw"])
        if lm["id"] in ENGLISH_NAMES and not lm["title"].isascii():
            kw.insert(0, ENGLISH_NAMES[lm["id"]].replace("the ", ""))
        props = {
            "location": PLACE(lm["sub"].split(",")[0], lm["lat"], lm["lon"], lm["sub"]),
            "category": lm["cat"],
            "continent": lm["continent"],
            "visited": lm["id"] in photo_count,
        }
        if lm["id"] in photo_count:
            props["photoCount"] = photo_count[lm["id"]]
        rh = hint(rng, 25, 75)
        if lm["id"] in photo_count:
            rh = min(100, rh + 10)
        landmarks.append(entity(A, "LandmarkEntity", lm["id"], lm["title"], lm["sub"], desc, kw, props, rh))
    # ---- collections
    def cont(c):
        return [l["id"] for l in lms if l["continent"] == c]
    coll_rows = [
        ("new-seven-wonders", "New Seven Wonders", "The New 7 Wonders of the World, voted in 2007.",
         ["great-wall-badaling", "petra", "christ-the-redeemer", "machu-picchu", "chichen-itza", "colosseum", "taj-mahal"]),
        ("bucket-list", "Bucket List", "Places to see before I'm old.",
         ["machu-picchu", "petra", "angkor-wat", "uluru", "milford-sound", "perito-moreno", "iguazu-falls",
          "potala-palace", "ha-long-bay", "cappadocia", "taj-mahal", "victoria-falls"]),
        ("kyoto-autumn", "秋の京都と東京", "2025年11月の日本旅行。紅葉の京都と東京の夜景。",
         [l for l in rows(TRIP_ROWS)[8][5].split()]),
        ("seoul-busan", "서울·부산 여행", "2024년 10월, 궁궐과 바다를 따라 걸은 일주일.",
         rows(TRIP_ROWS)[5][5].split()),
        ("china-2019", "中国之旅 2019", "北京、西安、上海和杭州的两周行程。", rows(TRIP_ROWS)[9][5].split()),
        ("italy-2024", "Italy, June 2024", "Rome, Florence, Pisa, Venice and Milan with Sam and Mia.",
         rows(TRIP_ROWS)[4][5].split()),
        ("paris-normandy", "Paris & Normandy", "Spring 2023: museums, cafés and the abbey on the tide.",
         rows(TRIP_ROWS)[2][5].split()),
        ("castles-palaces", "Castles & Palaces", "Royal residences and fortresses.",
         [l["id"] for l in lms if l["cat"] in ("castle", "palace")]),
        ("bridges", "Bridges of the World", "Stone, steel and suspension.",
         [l["id"] for l in lms if l["cat"] == "bridge"]),
        ("highway-1", "Highway 1 Road Trip", "San Francisco to Big Sur along the coast.",
         rows(TRIP_ROWS)[7][5].split()),
        ("skylines", "Skylines & Towers", "Observation decks worth the queue.",
         [l["id"] for l in lms if l["cat"] in ("tower", "skyscraper")]),
        ("sacred-places", "Sacred Places", "Temples, shrines, churches and mosques.",
         [l["id"] for l in lms if l["cat"] in ("temple", "shrine", "church", "cathedral", "mosque", "pagoda",
                                               "mosque-cathedral", "holy site")]),
        ("natural-wonders", "Natural Wonders", "Waterfalls, glaciers, fjords and mountains.",
         [l["id"] for l in lms if l["cat"] in ("waterfall", "glacier", "fjord", "mountain", "monolith",
                                               "seascape", "landscape", "sea stacks", "crater")]),
        ("seoul-tokyo-december", "Seoul & Tokyo, December", "Ideas for the December 2026 trip.",
         ["gyeongbokgung", "changdeokgung-huwon", "bukchon-hanok-village", "n-seoul-tower", "tokyo-skytree",
          "shibuya-crossing", "tokyo-tower", "mount-fuji-kawaguchiko", "fuji-fifth-station"]),
        ("places-ive-been", "Places I've Been", "Every landmark with at least one photo.",
         [l["id"] for l in lms if l["id"] in photo_count]),
    ]
    colls = []
    for cid, ct, cd, members in coll_rows:
        for m in members:
            assert m in lm_by, (cid, m)
        props = {"landmarks": [REF("LandmarkEntity", m) for m in members], "landmarkCount": len(members)}
        colls.append(entity(A, "CollectionEntity", cid, ct, "%d landmarks" % len(members), cd, None, props,
                            hint(rng, 30, 70)))
    out += landmarks + colls + photos
    out += [
        shortcut(A, "open-landmark", "OpenLandmark", "Open Landmark", "building.columns",
                 ["Open ${landmark} in ${applicationName}", "Show me ${landmark} in ${applicationName}",
                  "Tell me about ${landmark} with ${applicationName}"],
                 {"name": "landmark", "type": "LandmarkEntity"}),
        shortcut(A, "find-nearest-landmark", "FindNearestLandmark", "Find Closest Landmark", "location.magnifyingglass",
                 ["Find the closest landmark with ${applicationName}", "What's the nearest landmark in ${applicationName}",
                  "${applicationName} landmarks near me"]),
        shortcut(A, "get-directions", "GetDirections", "Get Directions to Landmark", "arrow.triangle.turn.up.right.diamond",
                 ["Get directions to ${landmark} with ${applicationName}", "Navigate to ${landmark} in ${applicationName}"],
                 {"name": "landmark", "type": "LandmarkEntity"}),
        shortcut(A, "show-collection", "OpenCollection", "Show Collection", "rectangle.stack",
                 ["Show my ${collection} collection in ${applicationName}", "Open ${collection} in ${applicationName}"],
                 {"name": "collection", "type": "CollectionEntity"}),
        shortcut(A, "show-landmark-photos", "ShowLandmarkPhotos", "Show Photos of Landmark", "photo.on.rectangle",
                 ["Show photos of ${landmark} in ${applicationName}", "My ${landmark} photos in ${applicationName}",
                  "Find pictures from ${landmark} with ${applicationName}"],
                 {"name": "landmark", "type": "LandmarkEntity"}),
    ]
    return out


# ======================================================================= MUSIC
MUSIC_APP = "com.example.music"

# artist|genre|albums "Title:year;Title:year"|songs per album
ARTIST_ROWS = """
Harbor Lights|indie pop|Paper Lanterns:2019;Low Tide Radio:2023|4
Juniper Vale|folk|Cedar & Smoke:2018;Northern Letters:2022|3
Neon Atlas|synthwave|Midnight Freeway:2020;Chrome Horizons:2024|4
Maya Sol|latin pop|Fuego Lento:2021;Marea:2024|3
The Copper Pines|indie rock|Static Weather:2017;Open Country:2021|3
Ezra Blue|soul|Velvet Hours:2020;Late Checkout:2025|3
Static Bloom|dream pop|Slow Satellites:2022|4
Lena Park|pop|Golden Hour Girl:2023;Overthinker:2025|4
Kid Meridian|drum & bass|Velocity:2021;Redline:2024|5
Velvet Arcade|dance-punk|Night Shift:2019;Strobe:2023|4
Ruby Hollow|country|Dust & Diamonds:2020|4
Tomás Reyes|jazz|Blue Pacific:2018;Late Set at Yoshi's:2022|3
Northbound|pop-punk|Miles to Go:2019;Faster Than Sleep:2023|5
Sunset Motel|surf rock|Vacancy:2021|4
DJ Kairo|house|Warehouse Sessions:2022;Deep Blue:2025|4
Pulse Theory|electronic|Cadence:2021;Threshold:2024|5
Ava Lindqvist|electropop|Aurora Nights:2022|5
The Late Arrivals|indie rock|Missed Connections:2018|4
Marcus Vance Trio|jazz|After Hours:2019|4
Cloud Harbor|lo-fi|Rainy Window:2021;Study Hall:2023|4
Sierra Lane|folk|Wildflower Roads:2024|4
Fever Coast|punk rock|Sprint:2020;Second Wind:2024|5
Low Orbit|ambient|Drift:2020;Weightless:2023|3
Iris & The Tides|indie pop|Undertow:2022|4
Big Sky Radio|rock|Highway Hymns:2019|5
Hex Runners|techno|Pace Maker:2022;Interval:2025|4
Sol Invicta|trance|Ascension:2021|4
Brass Tacks Brigade|funk|Get Down Main Street:2020|4
Quiet Harbor String Quartet|classical|Coastal Sketches:2021|4
The Wild Hundreds|alt rock|Cardiac Hill:2023|5
Lila Moreau|chanson|Rue des Étoiles:2022|4
Odessa Grey|hip-hop|Concrete Gardens:2021;Long Way Up:2024|4
Junebug|bedroom pop|Softcore Sunday:2023|4
Theo Marchetti|piano|Nocturnes for a Small Room:2020|5
Rain Theory|nature sounds|Nocturne Rain:2022|5
Stride Collective|running|Race Day:2024;Fartlek:2025|5
"""
# CJK artists: artist|genre|album:year|song titles (";" separated)
CJK_ARTIST_ROWS = """
윤하늘|K-pop|하늘빛 Diary:2023|밤하늘의 별;봄날의 기억;Blue Hour;Sunrise Call
새벽달|K-indie|새벽 세시:2021|달려;새벽 세시의 편지;Summer of Us
NOVA9|K-pop|Supernova:2024|Supernova Heart;Runaway;빛의 속도
湊ミナミ|J-pop|夜明けのランナー:2022|夜明けのランナー;きらめきシティ;走れ、ミライへ
ネオン坂|city pop|真夜中のドライブ:2021|真夜中のドライブ;あの夏のメロディ;Plastic Moonlight
ソラノイロ|J-rock|疾走:2024|疾走;青い風;Blue Signal
林小雨|Mandopop|雨后的晴天:2020|晴天的约定;雨后彩虹;Letter to You
星河乐队|C-rock|追光者:2023|追光的人;星空下的我们;Run Run Run
周一然|Mandopop|城市里的月光:2024|城市里的月光;慢慢走
"""
GENRE_BPM = {
    "indie pop": (96, 128), "folk": (78, 112), "synthwave": (90, 118), "latin pop": (90, 104),
    "indie rock": (108, 150), "soul": (72, 100), "dream pop": (80, 112), "pop": (100, 128),
    "drum & bass": (170, 176), "dance-punk": (124, 140), "country": (86, 120), "jazz": (88, 150),
    "pop-punk": (158, 184), "punk rock": (160, 190), "surf rock": (140, 168), "house": (120, 126), "electronic": (124, 165),
    "electropop": (112, 130), "lo-fi": (70, 90), "ambient": (55, 75), "rock": (120, 160),
    "techno": (130, 146), "trance": (136, 142), "funk": (104, 120), "classical": (60, 120),
    "alt rock": (140, 172), "chanson": (76, 104), "hip-hop": (84, 100), "bedroom pop": (80, 110),
    "piano": (56, 84), "nature sounds": (50, 62), "running": (160, 182), "K-pop": (108, 134),
    "K-indie": (90, 160), "J-pop": (120, 178), "city pop": (104, 122), "J-rock": (150, 188),
    "Mandopop": (68, 110), "C-rock": (120, 170),
}
TITLE_ADJ = ["Golden", "Electric", "Silent", "Paper", "Neon", "Midnight", "Velvet", "Broken", "Northern",
             "Hollow", "Wild", "Borrowed", "Glass", "Summer", "Slow", "Burning", "Lonely", "Crimson", "Quiet",
             "Restless", "Faded", "Open", "Silver", "Distant", "Little", "Heavy", "Bright", "Cold", "Sweet",
             "Lucky", "Secret", "Blue", "Sunday", "Endless", "Paper-Thin", "Runaway", "Second-Hand"]
TITLE_NOUN = ["Hearts", "Highway", "Lanterns", "Skyline", "River", "Satellites", "Parade", "Ocean",
              "Afternoon", "Signals", "Fever", "Horizon", "Thunder", "Weather", "Letters", "Mountains",
              "Daylight", "Echoes", "Garden", "Machine", "Motel", "Harbor", "Static", "Heartbeat", "Wires",
              "Comets", "Sparrows", "Streetlights", "Tides", "Avenue", "Engines", "Postcards", "Fireworks",
              "Headlights", "Orchard", "Radio", "Frequencies", "Cathedral", "Polaroids", "Swimming Pools"]
TITLE_VERB = ["Hold", "Call", "Carry", "Find", "Wake", "Chase", "Follow", "Save", "Tell", "Take", "Keep",
              "Meet", "Drive", "Run"]
TITLE_TAIL = ["Home", "Slowly", "Tonight", "Again", "Under", "Closer", "Anyway", "Forever", "Down", "Higher"]
TITLE_PATTERNS = ["{A} {N}", "{N}", "The {A} {N}", "{N} in the {N2}", "Waiting for the {N}", "{V} Me {T}",
                  "Don't {V} {T}", "All the {A} {N}", "{N} & {N2}", "{A}", "{V} the {N}", "Where the {N} Go",
                  "{A} {N} ({A2} Mix)", "After the {N}", "Ode to the {N}", "{N} Season"]
SPECIAL_SONGS = {
    "Stride Collective": ["One Seventy", "Cadence Lock", "Pace Car", "Kick for Home", "Aid Station",
                          "Race Day Morning", "Fartlek", "Bell Lap", "Threshold", "Last Mile"],
    "Rain Theory": ["Rain on a Tin Roof", "Distant Thunder", "Ocean at Night", "Forest After Rain",
                    "Campfire and Crickets"],
    "Quiet Harbor String Quartet": ["Fog on the Point", "Kelp Forest", "Cypress Variations", "Tide Pool Scherzo"],
    "Theo Marchetti": ["Nocturne for a Small Room", "Lamplight", "Snowfall in C", "Letter Never Sent",
                       "Four in the Morning"],
}
SONG_DESC = ["The {ord} single from {artist}'s {year} album {album}.",
             "A {mood} {genre} track built around {inst}.",
             "Closing track of {album}; a fan favourite at live shows.",
             "Opening track of {album}, released in {year}.",
             "{artist} wrote this one on tour: {mood}, with {inst}.",
             "A {mood} cut from {album} with {inst} front and centre."]
MOODS = ["bright", "wistful", "driving", "laid-back", "euphoric", "moody", "warm", "restless", "dreamy", "gritty"]
INSTRUMENTS = ["jangly guitars", "a warm Rhodes", "analogue synths", "a rolling bassline", "brushed drums",
               "a string section", "finger-picked guitar", "a breakbeat", "horns", "a vintage drum machine"]
ORDINALS = ["first", "second", "third", "lead"]


def build_songs(rng):
    songs = []
    used = set(t.lower() for r in rows(CJK_ARTIST_ROWS) for t in r[3].split(";"))
    for row in rows(ARTIST_ROWS):
        artist, genre, albums, per = row[0], row[1], row[2], int(row[3])
        special = list(SPECIAL_SONGS.get(artist, []))
        for alb in albums.split(";"):
            atitle, year = alb.rsplit(":", 1)
            for k in range(per):
                if special:
                    title = special.pop(0)
                else:
                    for _ in range(200):
                        title = rng.choice(TITLE_PATTERNS).format(
                            A=rng.choice(TITLE_ADJ), A2=rng.choice(TITLE_ADJ), N=rng.choice(TITLE_NOUN),
                            N2=rng.choice(TITLE_NOUN), V=rng.choice(TITLE_VERB), T=rng.choice(TITLE_TAIL))
                        if title.lower() not in used and "Monterey" not in title:
                            break
                used.add(title.lower())
                songs.append((artist, genre, atitle, int(year), title, k))
    for row in rows(CJK_ARTIST_ROWS):
        artist, genre, alb, titles = row
        atitle, year = alb.rsplit(":", 1)
        for k, title in enumerate(titles.split(";")):
            used.add(title.lower())
            songs.append((artist, genre, atitle, int(year), title, k))
    out = []
    ids = set()
    for artist, genre, album, year, title, k in songs:
        lo, hi = GENRE_BPM[genre]
        bpm = rng.randint(lo, hi)
        if genre == "nature sounds":
            dur = rng.randint(1800, 3600)
        elif genre in ("ambient", "piano", "classical"):
            dur = rng.randint(180, 540)
        else:
            dur = rng.randint(148, 320)
        base = slug(title) or "song"
        if not title.isascii():
            base = slug(artist) or "cjk"
            base = "%s-%d" % ({"윤하늘": "yoon-haneul", "새벽달": "saebyeokdal", "湊ミナミ": "minato-minami",
                                "ネオン坂": "neonzaka", "ソラノイロ": "soranoiro", "林小雨": "lin-xiaoyu",
                                "星河乐队": "xinghe-band", "周一然": "zhou-yiran"}.get(artist, base), k + 1)
        sid = base
        n = 2
        while sid in ids:
            sid = "%s-%d" % (base, n)
            n += 1
        ids.add(sid)
        desc = None
        if rng.random() < 0.4:
            tpls = [t for t in SONG_DESC if not (t.startswith("Opening") and k != 0)
                    and not (t.startswith("Closing") and k == 0)]
            desc = rng.choice(tpls).format(ord=rng.choice(ORDINALS), artist=artist, year=year, album=album,
                                                mood=rng.choice(MOODS), genre=genre, inst=rng.choice(INSTRUMENTS))
        kw = [genre]
        if bpm >= 155 and genre not in ("nature sounds", "running"):
            kw.append("running")
        if genre in ("ambient", "nature sounds", "piano"):
            kw.append("sleep" if genre != "piano" else "calm")
        props = {"artist": artist, "album": album, "duration": DUR(dur), "bpm": bpm, "genre": genre, "year": year}
        out.append(entity(MUSIC_APP, "SongEntity", sid, title, "%s — %s" % (artist, album), desc, kw, props,
                          hint(rng, 15, 65)))
    return out


# id|title|description|rule|count|activity|curator   rule: bpm=LO-HI / genre=a,b / artist=a,b (combine with ';')
PLAYLIST_ROWS = """
tempo-run|Tempo Run|Steady 165–180 BPM to lock in threshold pace.|bpm=165-180|18|running|Alex Morgan
long-run-sunday|Long Run Sunday|Ninety minutes of easy-pace company for the weekly long run.|bpm=148-170|24|running|Alex Morgan
5k-intervals|5K Intervals|Short, loud and fast for 400 m repeats.|bpm=170-188|14|running|Alex Morgan
negative-splits|Negative Splits|Starts calm and builds — every song a little faster than the last.|bpm=150-180|16|running|Music Editors
hill-repeats|Hill Repeats|Heavy guitars for grinding up the hill one more time.|genre=rock,alt rock,punk rock,pop-punk|14|running|Music Editors
recovery-jog|Recovery Jog|Easy beats for easy miles.|bpm=118-146|15|running|Music Editors
marathon-pace|Marathon Pace 170 BPM|Every track between 168 and 174 BPM.|bpm=168-174|20|running|Music Editors
trail-run-mix|Trail Run Mix|Singletrack energy: rock, folk-punk and big choruses.|genre=indie rock,surf rock,alt rock,J-rock,C-rock|15|running|Alex Morgan
spin-class|Spin Class Power Hour|128 BPM climbs and sprints for the bike.|bpm=124-140|16|cycling|Music Editors
cadence-90|Cadence 90|Keep your legs spinning at 90 rpm.|genre=house,techno,trance,electronic|16|cycling|Music Editors
gravel-grind|Gravel Grind|Dusty roads, long climbs, loud guitars.|genre=rock,indie rock,country,surf rock|14|cycling|Alex Morgan
hiit-burn|HIIT Burn|Forty seconds on, twenty off.|genre=drum & bass,techno,dance-punk,running|14|workout|Music Editors
leg-day|Leg Day|Hip-hop and heavy riffs for the squat rack.|genre=hip-hop,alt rock,punk rock|12|workout|Music Editors
yoga-flow|Yoga Flow|Slow, warm and spacious.|genre=ambient,folk,piano,dream pop|14|yoga|Music Editors
cooldown-stretch|Cooldown Stretch|Bring the heart rate down.|bpm=55-95|12|workout|Alex Morgan
morning-coffee|Morning Coffee|Folk, soul and a little jazz while the kettle boils.|genre=folk,soul,jazz,chanson|16|morning|Music Editors
deep-focus|Deep Focus|No lyrics, no distractions.|genre=lo-fi,ambient,piano,classical|20|focus|Music Editors
lo-fi-study|Lo-Fi Study Beats|Crackly beats to study and code to.|genre=lo-fi,bedroom pop|12|focus|Music Editors
morning-commute|Morning Commute|Upbeat indie for the drive in.|genre=indie pop,pop,electropop,indie rock|18|commute|Alex Morgan
commute-wind-down|Commute Wind-Down|Decompress on the way home.|genre=soul,dream pop,folk,city pop|16|commute|Alex Morgan
rainy-day-jazz|Rainy Day Jazz|Brushes, upright bass and the sound of rain.|genre=jazz,piano|12|relax|Music Editors
sunday-brunch|Sunday Brunch|Bright and breezy.|genre=soul,funk,latin pop,indie pop|16|relax|Music Editors
road-trip|Highway 1 Road Trip|Windows down along the coast.|genre=surf rock,rock,indie rock,country|20|driving|Alex Morgan
late-night-drive|Late Night Drive|Synths and streetlights.|genre=synthwave,city pop,electropop|16|driving|Music Editors
indie-discoveries|Indie Discoveries|New favourites from small labels.|genre=indie pop,indie rock,dream pop,bedroom pop,K-indie|20|discovery|Music Editors
dinner-party|Dinner Party|Conversation-friendly grooves.|genre=soul,jazz,funk,chanson|16|social|Alex Morgan
sleep-ocean|Sleep Sounds: Ocean Waves|Waves, wind and a slow fade to silence.|genre=nature sounds,ambient|6|sleep|Music Editors
rain-on-the-roof|Rain on the Roof|Steady rain for falling asleep.|genre=nature sounds|5|sleep|Music Editors
deep-sleep-piano|Deep Sleep Piano|Soft solo piano for the last hour of the day.|genre=piano,classical|10|sleep|Music Editors
kpop-running|K-Pop 러닝 믹스|달리기 좋은 K-팝과 에너지 넘치는 트랙 모음.|genre=K-pop,K-indie|8|running|Music Editors
korean-ballads|비 오는 날 듣는 노래|빗소리와 어울리는 잔잔한 노래들.|artist=새벽달,윤하늘;genre=dream pop|10|relax|Music Editors
city-pop-night|シティポップ・ナイト|80年代の香りがする都会の夜の音楽。|genre=city pop,synthwave|12|driving|Music Editors
yoru-no-drive|夜のドライブ|首都高を走る夜に聴きたいプレイリスト。|genre=J-pop,J-rock,city pop|9|driving|Alex Morgan
mandopop-hits|华语流行精选|最受欢迎的华语流行歌曲。|genre=Mandopop,C-rock|8|discovery|Music Editors
weekend-cafe|周末咖啡馆|周末午后，一杯咖啡配轻松的音乐。|genre=Mandopop,lo-fi,jazz|12|relax|Music Editors
synthwave-nights|Synthwave Nights|Retro-futurist synths and neon.|genre=synthwave,electropop|12|driving|Music Editors
house-party|House Party|Four-on-the-floor for the living room.|genre=house,dance-punk,electronic|16|social|Music Editors
chill-electronic|Chill Electronic|Downtempo for the afternoon slump.|genre=electronic,ambient,lo-fi|14|focus|Music Editors
acoustic-afternoon|Acoustic Afternoon|Just guitars and voices.|genre=folk,country|14|relax|Music Editors
feel-good-friday|Feel-Good Friday|Guaranteed to make you smile.|genre=pop,funk,latin pop,K-pop|18|mood|Music Editors
grey-day|Songs for a Grey Day|For when the fog doesn't lift.|genre=dream pop,folk,soul,piano|14|mood|Alex Morgan
cooking-with-sam|Cooking with Sam|What's on while dinner is on the stove.|genre=funk,latin pop,soul,chanson|16|social|Sam Morgan
mias-car-songs|Mia's Car Songs|Requested loudly from the back seat.|genre=pop,K-pop,J-pop,electropop|15|family|Mia Morgan
thanksgiving-dinner|Thanksgiving Dinner|Warm, mellow and family-friendly.|genre=folk,soul,jazz,country|18|social|Alex Morgan
winter-warmers|Winter Warmers|Cosy songs for short days and long nights.|genre=folk,piano,soul,chanson|15|seasonal|Alex Morgan
holiday-lights|Holiday Lights|Festive, twinkly and a little bit jazzy.|genre=jazz,soul,classical|14|seasonal|Music Editors
gardening-sunday|Gardening Sunday|Dirt under the fingernails, sun on the back.|genre=country,folk,indie pop|14|relax|Alex Morgan
piano-evenings|Piano Evenings|Solo piano to wind down the day.|genre=piano,classical|10|relax|Music Editors
discovery-mix|Discovery Mix|Refreshed every Monday with songs picked for you.|genre=indie pop,electropop,K-indie,dream pop,hip-hop|20|discovery|Music
on-repeat|On Repeat|The songs you can't stop playing.|bpm=100-180|20|mood|Music
top-songs-2025|Your Top Songs 2025|The year in music, just for you.|bpm=90-175|25|mood|Music
new-music-friday|New Music Friday|This week's freshest releases.|genre=pop,hip-hop,house,electropop,K-pop|20|discovery|Music Editors
funk-soul-kitchen|Funk & Soul Kitchen|Horns, clavinet and grooves.|genre=funk,soul|12|social|Music Editors
latin-heat|Latin Heat|Reggaeton-lite and sunny latin pop.|genre=latin pop|6|social|Music Editors
cafe-de-paris|Café de Paris|Chanson, accordion and espresso.|genre=chanson,jazz|10|relax|Music Editors
long-haul-flight|Long-Haul Flight|Eleven hours over the Pacific, sorted.|genre=ambient,lo-fi,piano,dream pop,city pop|24|travel|Alex Morgan
trailhead-tunes|Trailhead Tunes|Songs for the drive to the trailhead.|genre=folk,indie rock,country,surf rock|16|hiking|Alex Morgan
mindful-minutes|Mindful Minutes|Drones and soft textures for meditation.|genre=ambient,nature sounds|8|meditation|Music Editors
rock-anthems|Rock Anthems|Big riffs, bigger choruses.|genre=rock,alt rock,punk rock|16|mood|Music Editors
code-and-coffee|Code & Coffee|Focus fuel for long sessions.|genre=lo-fi,electronic,synthwave|16|focus|Alex Morgan
"""
RUNNING_PLAYLISTS = ["tempo-run", "long-run-sunday", "5k-intervals", "negative-splits", "hill-repeats",
                     "recovery-jog", "marathon-pace", "trail-run-mix"]
NEVER_PLAYED_PLAYLIST = "negative-splits"   # registered for audio.workout.running, never played


def build_music():
    rng = R("music")
    A = MUSIC_APP
    out = [app_record(A, "Music", ["Songs", "Playlists", "Player"])]
    out += [
        intent(A, "PlayPlaylist", "Play Playlist", "Play ${playlist}", [{"name": "playlist", "type": "PlaylistEntity"}]),
        intent(A, "PlaySong", "Play Song", "Play ${song}", [{"name": "song", "type": "SongEntity"}]),
        intent(A, "ShuffleLibrary", "Shuffle Library", "Shuffle all songs"),
        intent(A, "ResumePlayback", "Resume Playback", "Resume playing"),
    ]
    songs = build_songs(rng)
    playlists = []
    for r in rows(PLAYLIST_ROWS):
        pid, title, desc, rule, count, activity, curator = r
        preds = []
        for part in rule.split(";"):
            k, v = part.split("=", 1)
            if k == "bpm":
                lo, hi = map(int, v.split("-"))
                preds.append(lambda s, lo=lo, hi=hi: lo <= s["properties"]["bpm"] <= hi
                             and s["properties"]["genre"] != "nature sounds")
            elif k == "genre":
                gs = v.split(",")
                preds.append(lambda s, gs=gs: s["properties"]["genre"] in gs)
            elif k == "artist":
                ar = v.split(",")
                preds.append(lambda s, ar=ar: s["properties"]["artist"] in ar)
        pool = [s for s in songs if any(p(s) for p in preds)]
        n = min(int(count), len(pool))
        chosen = rng.sample(pool, n)
        if pid == "negative-splits":
            chosen.sort(key=lambda s: s["properties"]["bpm"])
        total = sum(s["properties"]["duration"]["duration"] for s in chosen)
        props = {"songs": [REF("SongEntity", s["id"]) for s in chosen], "trackCount": n,
                 "totalDuration": DUR(total), "curator": curator, "activity": activity}
        if pid in RUNNING_PLAYLISTS and chosen:
            bpms = sorted(s["properties"]["bpm"] for s in chosen)
            props["targetBpm"] = bpms[len(bpms) // 2]
        kw = [activity]
        if activity in ("running", "cycling", "workout"):
            kw.append("workout")
        rh = hint(rng, 25, 70)
        playlists.append(entity(A, "PlaylistEntity", pid, title, "%s · %d songs" % (curator, n), desc, kw, props, rh))
        assert n >= 5, (pid, n)
    out += playlists + songs
    out += [
        shortcut(A, "play-playlist", "PlayPlaylist", "Play Playlist", "music.note.list",
                 ["Play ${playlist} in ${applicationName}", "Start ${playlist} on ${applicationName}",
                  "Put on ${playlist} with ${applicationName}"],
                 {"name": "playlist", "type": "PlaylistEntity"}),
        shortcut(A, "play-song", "PlaySong", "Play Song", "music.note",
                 ["Play ${song} on ${applicationName}", "Listen to ${song} in ${applicationName}"],
                 {"name": "song", "type": "SongEntity"}),
        shortcut(A, "shuffle-library", "ShuffleLibrary", "Shuffle All Songs", "shuffle",
                 ["Shuffle my library in ${applicationName}", "Shuffle all songs in ${applicationName}",
                  "Play something in ${applicationName}"]),
        shortcut(A, "resume-playback", "ResumePlayback", "Resume Playback", "play.fill",
                 ["Resume ${applicationName}", "Continue playing in ${applicationName}"]),
    ]
    return out


# ==================================================================== CALENDAR
CAL_APP = "com.example.calendar"

OFFICE = ("Harbor Labs", 36.6005, -121.8937, "2 Wave Street, Monterey, CA 93940")
ROOMS = ["Lobos", "Asilomar", "Carmel", "Big Sur", "Pinnacles"]
TEAM = ["priya", "marcus", "sofia", "daniel", "hannah", "tomas", "aisha", "noah", "grace", "ravi"]

CALENDARS = [
    ("work", "Work", "Meetings, reviews and deadlines at Harbor Labs.", "alex.morgan@harborlabs.example.com"),
    ("home", "Home", "Appointments, errands and the house.", "alex.morgan@example.com"),
    ("family", "Family", "Shared with Sam, Mia and the grandparents.", "family@example.com"),
    ("fitness", "Fitness", "Races, track nights and classes.", "alex.morgan@example.com"),
    ("birthdays", "Birthdays", "Birthdays from Contacts.", "alex.morgan@example.com"),
    ("us-holidays", "US Holidays", "Public holidays in the United States.", "holidays@example.com"),
    ("trips", "Trips", "Flights, hotels and reservations.", "alex.morgan@example.com"),
]

# Work holidays (no meetings): Thanksgiving + day after, shutdown Dec 24 - Dec 31.
WORK_OFF = ["2026-11-26", "2026-11-27"] + ["2026-12-%02d" % d for d in range(24, 32)]

# One-off events: date|HH:MM-HH:MM or "all"|calendar|title|id stem|place key|attendees|notes
ONE_OFF_ROWS = """
2026-11-01|all|us-holidays|Daylight Saving Time Ends|dst-ends|||Clocks go back one hour at 2 a.m.
2026-11-03|all|us-holidays|Election Day|election-day|||Polls are open 7 a.m. to 8 p.m. Drop the ballot at the library on the way to work.
2026-11-11|all|us-holidays|Veterans Day|veterans-day|||
2026-11-26|all|us-holidays|Thanksgiving Day|thanksgiving-day|||
2026-11-27|all|us-holidays|Day After Thanksgiving|day-after-thanksgiving|||
2026-12-04|all|us-holidays|Hanukkah Begins|hanukkah|||Begins at sundown.
2026-12-21|all|us-holidays|Winter Solstice|winter-solstice|||
2026-12-24|all|us-holidays|Christmas Eve|christmas-eve|||
2026-12-25|all|us-holidays|Christmas Day|christmas-day|||
2026-12-31|all|us-holidays|New Year's Eve|new-years-eve|||
2026-11-14|all|birthdays|Kate's Birthday|kate-birthday|||Kate turns 36. Order the flowers by Thursday.
2026-11-21|all|birthdays|Jordan's Birthday|jordan-birthday|||
2026-12-02|all|birthdays|Dad's Birthday|dad-birthday|||Call in the morning; he golfs in the afternoon.
2026-12-09|all|birthdays|Mia's Birthday|mia-birthday|||Mia turns 10!
2026-11-18|all|birthdays|지은 생일|jieun-birthday|||지은 씨 생일 — 팀 카드 돌리기.
2026-12-12|all|birthdays|ゆきさんの誕生日|yuki-birthday|||東京オフィスのゆきさん。メッセージを送る。
2026-11-25|all|birthdays|王伟生日|wang-wei-birthday|||给王伟发生日祝福。
2026-11-04|09:30-10:30|work|Design Review: Zero-Query Suggestions|design-review-suggestions|room|priya,marcus,sofia,grace|Walk through the context and recency signals for suggest. Bring the explain output.
2026-11-05|11:00-11:45|work|Interview: Senior iOS Engineer|interview-ios|room|hannah|Systems design round. Scorecard due by end of day.
2026-11-10|16:00-16:30|work|Customer Call – Northwind Logistics|northwind-call||tomas,aisha|Escalation about slow as-you-type search on their 2M-document index.
2026-11-12|10:00-11:00|work|Security Awareness Training|security-training|||Mandatory annual training. Laptop required.
2026-11-13|14:00-15:00|work|Lunch & Learn: Xapian Internals|lunch-learn-xapian|room|marcus,noah,ravi|Posting lists, the glass backend and why there is only ever one writer.
2026-11-17|13:00-13:45|work|Interview: Senior iOS Engineer|interview-ios|room|daniel|Coding round.
2026-11-18|09:00-17:00|work|Search Team Offsite|search-offsite|offsite|priya,marcus,sofia,daniel,hannah,grace|Carmel Valley. Agenda: 2027 roadmap, on-call, ranking quality.
2026-11-19|09:00-15:00|work|Search Team Offsite (Day 2)|search-offsite-day-2|offsite|priya,marcus,sofia,daniel,hannah,grace|
2026-11-20|18:30-21:30|work|팀 회식|team-dinner|restaurant|jiwoo,jieun,priya,marcus|연말 전에 한 번 모이기로 한 회식. 지우 씨가 예약한 한식당.
2026-11-24|08:00-09:00|work|設計レビュー（東京チーム）|tokyo-design-review||ken,yuki|東京チームとインデックス形式の設計レビュー。時差に注意。
2026-12-01|10:00-11:00|work|Launch Readiness: Suggestions Beta|launch-readiness|room|priya,sofia,tomas,aisha|Go/no-go checklist for the beta.
2026-12-03|13:00-15:00|work|Q1 Roadmap Review|q1-roadmap-review|room|priya,marcus,sofia,daniel,ravi|Final review of the Q1 plan before it goes to leadership.
2026-12-08|11:00-11:45|work|Interview: Search Relevance Engineer|interview-relevance|room|grace|Ranking deep-dive round.
2026-12-10|16:00-17:00|work|All-Hands: Q4 Results|all-hands|||Livestream link in the invite.
2026-12-11|all|work|Performance Reviews Due|perf-reviews-due|||Self-review and peer feedback due by midnight.
2026-12-17|18:00-21:00|work|Team Holiday Party|holiday-party|restaurant2|priya,marcus,sofia,daniel,hannah,tomas,aisha,noah,grace,ravi|Plus-ones welcome. White elephant gifts under $25.
2026-11-06|08:30-09:15|home|Dentist – Dr. Okafor|dentist|dentist|okafor|Six-month cleaning.
2026-11-09|17:30-18:00|home|Car Service at Peninsula Auto|car-service|garage||Oil change and tire rotation; ask about the squeaky brake.
2026-11-15|10:00-11:00|home|Farmers Market|farmers-market|market||
2026-11-19|19:00-20:30|home|Book Club: The Overstory|book-club-overstory|library|olivia,nora,felix|Chapters 1–6 ("Roots").
2026-12-05|13:00-15:00|home|Plumber Visit|plumber|home||Window for the water heater replacement.
2026-12-07|18:00-18:30|home|Haircut|haircut|||
2026-12-17|19:00-20:30|home|Book Club: Holiday Swap|book-club-swap|library|olivia,nora,felix|Bring a wrapped book.
2026-11-07|10:00-10:45|family|Swim Lessons|swim-lessons|pool|mia|
2026-11-12|17:30-18:30|family|Parent–Teacher Conference|parent-teacher|school|sam|Room 14, Ms. Alvarez.
2026-11-20|18:00-19:30|family|Mia's School Play|school-play|school|sam,mia,linda|Mia is the narrator! Seats open at 5:30.
2026-11-26|15:00-20:00|family|Thanksgiving Dinner at Mom's|thanksgiving-dinner|moms|linda,robert,kate,sam,mia|Bringing the pies and the green beans.
2026-11-29|11:00-13:00|family|家族聚餐|family-brunch|dimsum|mei,sam,mia|和Mei一家去吃早茶。
2026-12-06|10:00-11:00|family|Family Photo Session|family-photos|lovers-point|sam,mia|Matching sweaters, sorry Mia.
2026-12-15|18:00-19:00|family|Mia's Winter Concert|winter-concert|school|sam,mia,linda,robert|
2026-12-24|18:00-22:00|family|Christmas Eve Dinner|christmas-eve-dinner|home|sam,mia,linda,robert,kate|
2026-12-25|08:00-10:00|family|Christmas Morning|christmas-morning|home|sam,mia|
2026-12-31|10:00-12:00@+09:00|family|お正月の準備|oshogatsu-prep|ameyoko|sam,mia|アメ横でおせちの材料とお餅を買う。
2026-12-31|23:00-23:59@+09:00|family|除夜の鐘を聞きに行く|joya-no-kane|sensoji|sam,mia|浅草寺で年越し。寒いので防寒対策を。
2026-11-08|07:00-10:30|fitness|Big Sur Half Marathon|big-sur-half|race|coach|Bib pickup Saturday at the Portola Hotel. Goal: sub 1:45.
2026-11-26|08:00-09:00|fitness|Turkey Trot 5K|turkey-trot|pg-rec||Costumes encouraged.
2026-12-13|08:00-10:00|fitness|Holiday Relay 10K|holiday-relay|race||Team "Harbor Labs Harriers".
2026-12-26|11:05-11:05|trips|Flight SFO → ICN (KE 24)|flight-sfo-icn|sfo|sam,mia|Confirmation ZX7Q2L. Seats 43A–C.
2026-12-27|19:00-20:00@+09:00|trips|Hotel: Namsan Garden Seoul|hotel-seoul|seoul-hotel|sam,mia|Three nights. Late check-in requested.
2026-12-28|10:00-13:00@+09:00|trips|경복궁 한복 체험|hanbok-gyeongbokgung|gyeongbokgung|sam,mia|한복 대여 후 경복궁 관람. 수문장 교대식 10시.
2026-12-30|09:40-11:55@+09:00|trips|Flight ICN → HND (NH 862)|flight-icn-hnd|icn|sam,mia|
2026-12-30|15:00-16:00@+09:00|trips|Hotel: Asakusa View Tokyo|hotel-tokyo|tokyo-hotel|sam,mia|Three nights.
"""
EVENT_PLACES = {
    "room": None,  # filled per event with a conference room
    "offsite": ("Carmel Valley Ranch", 36.5124, -121.7442, "1 Old Ranch Rd, Carmel, CA 93923"),
    "restaurant": ("Jeju Kitchen", 36.6013, -121.8947, "410 Alvarado St, Monterey, CA 93940"),
    "restaurant2": ("The Sardine Factory", 36.6150, -121.9000, "701 Wave St, Monterey, CA 93940"),
    "dentist": ("Peninsula Family Dental", 36.5980, -121.8830, "880 Cass St, Monterey, CA 93940"),
    "garage": ("Peninsula Auto", 36.6040, -121.8640, "2000 Del Monte Ave, Monterey, CA 93940"),
    "market": ("Old Monterey Farmers Market", 36.5990, -121.8950, "Alvarado St, Monterey, CA 93940"),
    "library": ("Pacific Grove Library", 36.6190, -121.9180, "550 Central Ave, Pacific Grove, CA 93950"),
    "pool": ("Pacific Grove Community Pool", 36.6150, -121.9240, "1015 Sinex Ave, Pacific Grove, CA 93950"),
    "school": ("Forest Grove Elementary", 36.6080, -121.9290, "1065 Congress Ave, Pacific Grove, CA 93950"),
    "moms": ("Mom's house", 37.3230, -121.9560, "1234 Willow Glen Way, San Jose, CA 95125"),
    "dimsum": ("Golden Lotus Dim Sum", 36.6000, -121.8920, "190 Webster St, Monterey, CA 93940"),
    "lovers-point": ("Lovers Point Park", 36.6260, -121.9160, "Ocean View Blvd, Pacific Grove, CA 93950"),
    "home": ("Home", 36.6177, -121.9166, "Pacific Grove, CA 93950"),
    "sensoji": ("浅草寺", 35.7148, 139.7967, "東京都台東区浅草2-3-1"),
    "ameyoko": ("アメ横商店街", 35.7101, 139.7745, "東京都台東区上野4丁目"),
    "gyeongbokgung": ("경복궁", 37.5796, 126.9770, "서울특별시 종로구 사직로 161"),
    "race": ("Custom House Plaza", 36.6030, -121.8940, "1 Custom House Plaza, Monterey, CA 93940"),
    "pg-rec": ("Caledonia Park", 36.6200, -121.9150, "Caledonia St, Pacific Grove, CA 93950"),
    "sfo": ("San Francisco International Airport", 37.6213, -122.3790, "San Francisco, CA 94128"),
    "icn": ("Incheon International Airport", 37.4602, 126.4407, "Incheon, South Korea"),
    "seoul-hotel": ("Namsan Garden Seoul", 37.5560, 126.9900, "Jung-gu, Seoul, South Korea"),
    "tokyo-hotel": ("Asakusa View Tokyo", 35.7150, 139.7920, "Taito City, Tokyo, Japan"),
}
LUNCH_LEARN_TOPICS = ["Swift Concurrency in Practice", "BM25 from First Principles", "Typo Tolerance at Scale",
                      "CJK Tokenisation", "Explaining a Ranking", "Edge N-grams vs Prefix Expansion",
                      "Time-Decayed Frecency", "On-Call War Stories", "Profiling Start-up Time"]


def build_calendar():
    rng = R("calendar")
    A = CAL_APP
    out = [app_record(A, "Calendar", ["Agenda", "Schedule", "Events"])]
    out += [
        intent(A, "OpenEvent", "Open Event", "Open ${event}", [{"name": "event", "type": "EventEntity"}]),
        intent(A, "ShowAgenda", "Show Today's Agenda", "Show today's agenda"),
        intent(A, "GetNextEvent", "Get Next Event", "What's my next event"),
        intent(A, "OpenCalendar", "Open Calendar", "Show ${calendar}", [{"name": "calendar", "type": "CalendarEntity"}]),
        intent(A, "CreateEvent", "Create Event", "Create an event"),
    ]
    cals = []
    for cid, title, desc, owner in CALENDARS:
        cals.append(entity(A, "CalendarEntity", cid, title, owner, desc, None,
                           {"owner": owner, "shared": cid in ("family", "work")},
                           {"work": 70, "family": 55, "home": 50}.get(cid, 35)))
    events = []

    def add(day, t0, t1, cal, title, stem, place=None, attendees=(), notes=None, recurring=False, all_day=False,
            kw=(), tz=TZ, duration=None):
        y, m, d = map(int, day.split("-"))
        if all_day:
            start = local(y, m, d)
            end = start + _dt.timedelta(days=1)
            sub = start.strftime("%a, %b %-d") + " · All day"
        else:
            h0, m0 = map(int, t0.split(":"))
            h1, m1 = map(int, t1.split(":"))
            start = _dt.datetime(y, m, d, h0, m0, tzinfo=tz)
            end = _dt.datetime(y, m, d, h1, m1, tzinfo=tz)
            if duration:   # e.g. a long-haul flight that lands in another time zone
                end = (start + duration[0]).astimezone(duration[1])
                t1 = end.strftime("%H:%M") + " (+1)"
            sub = "%s · %s–%s" % (start.strftime("%a, %b %-d"), t0, t1)
        eid = "%s-%s" % (stem, start.strftime("%Y%m%d"))
        props = {"start": DATE(start), "end": DATE(end), "calendar": REF("CalendarEntity", cal),
                 "allDay": all_day}
        if place:
            props["location"] = PLACE(*place)
        if attendees:
            props["attendees"] = [PERSON(PEOPLE[a]) for a in attendees]
        if recurring:
            props["recurring"] = True
        rh = {"work": 45, "family": 55, "trips": 60, "fitness": 50, "birthdays": 40, "us-holidays": 25}.get(cal, 40)
        rh = max(0, min(100, rh + rng.randint(-15, 15)))
        events.append(entity(A, "EventEntity", eid, title, sub, notes or None, list(kw) or None, props, rh))

    def room():
        r = rng.choice(ROOMS)
        return ("%s – %s room" % (OFFICE[0], r), OFFICE[1], OFFICE[2], OFFICE[3])

    day = _dt.date(2026, 11, 1)
    week = 0
    while day <= _dt.date(2026, 12, 31):
        ds = day.isoformat()
        wd = day.weekday()
        if wd == 0:
            week += 1
        if wd < 5 and ds not in WORK_OFF:
            if wd == 0:
                add(ds, "10:00", "10:30", "work", "Weekly Team Sync", "weekly-team-sync", room(), TEAM[:6],
                    rng.choice([None, "Demo of the latest index build.", "Rotating note-taker: see the doc.",
                                "Quick round of blockers, then on-call handoff."]), True, kw=["standup"])
                if week % 2 == 1:
                    add(ds, "13:00", "14:00", "work", "Sprint Planning", "sprint-planning", room(), TEAM, None, True)
            if wd == 1 and week % 2 == 0:
                add(ds, "11:00", "11:45", "work", "Ranking Sync with Data Science", "ranking-sync", room(),
                    ["grace", "ravi", "noah"], "Offline metrics for the last experiment; next A/B candidates.", True)
            if wd == 1:
                add(ds, "18:00", "19:00", "fitness", "Track Night with Coach Jamie", "track-night",
                    ("Monterey Peninsula College Track", 36.5880, -121.8860, "980 Fremont St, Monterey, CA 93940"),
                    ["coach"], rng.choice(["6 × 800 m at 5K pace.", "Ladder: 400-800-1200-800-400.",
                                           "12 × 400 m, 60 s jog recovery.", "Tempo 3 × 2 km."]), True,
                    kw=["running", "workout"])
            if wd in (1, 3):
                add(ds, "09:30", "11:30", "work", "Focus Time", "focus-time", None, [],
                    "Blocked for deep work; decline new meetings.", True, kw=["focus"])
            if wd == 0 and week % 2 == 0:
                add(ds, None, None, "work", "On-Call: Search Infrastructure", "on-call", None, [],
                    "Primary on-call this week. Pager rotation hands over Monday 10:00.", True, all_day=True)
            if wd == 2 and day.month == 11:
                add(ds, "15:15", "15:45", "family", "Pick up Mia from school", "pickup-mia",
                    EVENT_PLACES["school"], ["mia"], None, True)
            if wd == 2:
                add(ds, "14:00", "14:30", "work", "1:1 with Priya", "one-on-one-priya", room(), ["priya"],
                    rng.choice([None, "Career goals for next year.", "Talk about the offsite agenda.",
                                "Feedback on the design doc."]), True)
                add(ds, "09:00", "09:30", "work", "Shanghai Team Sync", "shanghai-weekly", None, ["wei", "mei"],
                    "与上海团队同步索引迁移进度 (index migration status).", True, kw=["上海", "周会"])
            if wd == 3:
                add(ds, "15:00", "16:00", "work", "Search Quality Review", "search-quality-review", room(),
                    ["priya", "grace", "ravi", "sofia"], rng.choice([None, "Review the top failing queries.",
                                                                     "Look at CJK query logs."]), True)
            if wd == 4:
                topic = LUNCH_LEARN_TOPICS[(week - 1) % len(LUNCH_LEARN_TOPICS)]
                if not (ds == "2026-11-13"):
                    add(ds, "12:00", "13:00", "work", "Lunch & Learn: " + topic, "lunch-learn", room(),
                        [rng.choice(TEAM)], "Pizza provided.", False)
                if week % 2 == 0:
                    add(ds, "16:00", "16:45", "work", "Sprint Retro", "sprint-retro", room(), TEAM, None, True)
        if wd == 5 and day.month == 11 and day.day < 28:
            add(ds, "10:00", "10:45", "family", "Swim Lessons", "swim-lessons",
                EVENT_PLACES["pool"], ["mia"], None, True)
        if wd == 6 and day <= _dt.date(2026, 12, 20):
            add(ds, "09:00", "10:00", "fitness", "Sunday Yoga at Studio 8", "sunday-yoga",
                ("Studio 8 Yoga", 36.6180, -121.9190, "580 Lighthouse Ave, Pacific Grove, CA 93950"), [], None, True,
                kw=["yoga"])
        day += _dt.timedelta(days=1)

    for r in rows(ONE_OFF_ROWS):
        ds, tm, cal, title, stem, pk, att, notes = (r + [""] * 8)[:8]
        place = None
        if pk == "room":
            place = room()
        elif pk:
            place = EVENT_PLACES[pk]
        attendees = att.split(",") if att else []
        if tm == "all":
            add(ds, None, None, cal, title, stem, place, attendees, notes, all_day=True)
        else:
            tz = TZ
            if "@" in tm:
                tm, off = tm.split("@")
                tz = _dt.timezone((1 if off[0] == "+" else -1) * _dt.timedelta(hours=int(off[1:3])))
            t0, t1 = tm.split("-")
            dur = None
            if stem == "flight-sfo-icn":
                dur = (_dt.timedelta(hours=13, minutes=30), _dt.timezone(_dt.timedelta(hours=9)))
            add(ds, t0, t1, cal, title, stem, place, attendees, notes, tz=tz, duration=dur)
    # deduplicate ids (same stem + date) deterministically
    seen = {}
    for e in events:
        if e["id"] in seen:
            seen[e["id"]] += 1
            e["id"] = "%s-%d" % (e["id"], seen[e["id"]])
        else:
            seen[e["id"]] = 1
    events.sort(key=lambda e: (_dt.datetime.fromisoformat(e["properties"]["start"]["date"]), e["id"]))
    out += cals + events
    out += [
        shortcut(A, "show-agenda", "ShowAgenda", "Show Today's Agenda", "calendar",
                 ["Show today's agenda in ${applicationName}", "What's on my ${applicationName} today",
                  "Show my day in ${applicationName}"]),
        shortcut(A, "next-event", "GetNextEvent", "Next Event", "clock",
                 ["What's next in ${applicationName}", "Show my next event in ${applicationName}",
                  "When is my next meeting in ${applicationName}"]),
        shortcut(A, "open-event", "OpenEvent", "Open Event", "calendar.badge.clock",
                 ["Open ${event} in ${applicationName}", "Show ${event} in ${applicationName}"],
                 {"name": "event", "type": "EventEntity"}),
        shortcut(A, "show-calendar", "OpenCalendar", "Show Calendar", "calendar.circle",
                 ["Show my ${calendar} calendar in ${applicationName}", "Open ${calendar} in ${applicationName}"],
                 {"name": "calendar", "type": "CalendarEntity"}),
        shortcut(A, "create-event", "CreateEvent", "Create Event", "plus",
                 ["Create an event in ${applicationName}", "Add an event to ${applicationName}",
                  "New ${applicationName} event"]),
    ]
    return out


# ======================================================================= MEMOS
MEMOS_APP = "com.example.memos"

# when: c = weekday morning commute inside the interaction window (08:20-08:45, recorded via the
# "Record Voice Memo" shortcut), w = at work, h = at home, o = out and about
# title|when|transcript|keywords|date constraint ("=YYYY-MM-DDTHH:MM" exact, ">from", "<before")
MEMO_ROWS = """
Idea: boost exact title matches|c|"What if an exact title match always beats a fuzzy one, no matter how often the fuzzy item was used? Cap the usage boost."|idea,ranking,work
Reminder: call the dentist|c|"Call Dr. Okafor's office to move the cleaning to a Friday morning."|reminder,health|<2026-11-06
Half-life for recency|c|"Seven days feels too short for trails and too long for mail. Maybe a half-life per app, or per entity type."|idea,ranking,work
Groceries for Thanksgiving|c|"Butter, two pie crusts, canned pumpkin, green beans, fried onions, cranberries, and ask Mom if she needs a second roasting pan."|list,thanksgiving,groceries|>2026-11-16<2026-11-26
Podcast thought: frecency|c|"The episode on Firefox's frecency said they store a projected timestamp instead of re-decaying the score every day. Steal that."|idea,podcast,work
Offsite agenda ideas|c|"One: ranking quality dashboard. Two: who owns CJK. Three: on-call load. Four: the explain output nobody reads."|work,offsite,list|<2026-11-18
Mia's science project|c|"Baking soda volcano is out. She wants to measure how fast the tide pools warm up. Need a cheap thermometer."|family,mia,school
Gift ideas for Kate|c|"Kate mentioned the ceramics class again. A gift card for the studio on Lighthouse, or that blue glaze mug set."|gift,birthday,kate
Running log: tempo|c|"Tuesday tempo felt good, 4:55 per kilometre for six kilometres. Left calf tight on the hill."|running,log
Typo tolerance edge cases|c|"One edit is fine for long words, but for three-letter words it matches everything. Only allow typos from four letters up."|idea,search,work
Book club notes|c|"The Overstory: the chapter about the chestnut tree. Bring up the time-lapse photos idea."|books,book club|<2026-11-19
Call Mom about Thanksgiving|c|"Ask what time dinner is, whether Kate is bringing the kids, and if we should stay over."|family,thanksgiving,reminder|<2026-11-20
Sprint retro talking points|c|"Good: the index rebuild is atomic now. Bad: flaky tests on the CI box. Try: pair on the ranker."|work,retro
Japan trip ideas|c|"Seoul first, then Tokyo for New Year. Joya no kane at Sensō-ji. Ask Ken about a good soba place."|travel,japan,korea,idea
Weekend trail plan|c|"Point Lobos early before the parking fills, then coffee in Carmel. If it's foggy, Pinnacles instead."|hiking,weekend,plan
Car noise|c|"Squeak from the front left when braking at low speed. Mention it at the service on the ninth."|car,reminder|<2026-11-09
Question for Priya|c|"Do we ship the beta before or after the holiday freeze? And who signs off on the privacy review?"|work,question
Shortcut phrases|c|"People say 'start my morning meditation', not 'start Morning meditation'. Phrase matching should handle the possessive."|idea,search,work
Holiday card list|c|"Add the Tanakas, the Parks and Mei's family this year. Need addresses for Jordan's new place."|list,holidays|>2026-11-09
Running log: intervals|c|"Five by one kilometre at 4:35 with two-minute jogs. Last one was hard. New playlist helped."|running,log|>2026-11-12
Explain output redesign|c|"Show the score components as a little table, and put the biggest contributor first."|idea,work,ux
Budget for December|c|"Flights are paid. Hotels about 1,400. Set aside 800 for food and trains, and 300 for gifts."|budget,travel,list
Index compaction schedule|c|"Run compaction Sunday night after the weekly rebuild, never during business hours."|work,ops
Note to self: breathe|c|"Traffic on 68 again. Three slow breaths. It's fine. You'll get there."|mindfulness,commute
Thank-you notes|c|"Thank Sofia for covering on-call, Marcus for the offsite logistics, and the Tokyo team for the review."|work,gratitude|>2026-11-24
Pie timing|c|"Pumpkin pie the night before, apple pie in the morning. Oven at 425 then down to 350."|thanksgiving,cooking|>2026-11-18<2026-11-26
CJK query examples|c|"Test queries: 북한산, 清水寺, 万里长城, and mixed ones like 'Kumano 熊野'. Make sure prefix search works on Hangul."|work,search,cjk
회의 메모|w|"다음 주 월요일까지 인덱스 마이그레이션 일정 확정. 지우 씨가 테스트 데이터 준비, 지은 씨가 한국어 형태소 이슈 정리."|회의,업무,korean
장보기 목록|h|"우유, 계란, 두부, 김치, 대파, 그리고 떡국 떡."|장보기,목록,korean
한국어 공부: 존댓말|h|"오늘 배운 표현: '확인 부탁드립니다', '말씀하신 대로 진행하겠습니다'. 다음 수업 전에 복습하기."|공부,korean,language
여행 준비물|h|"여권, 충전기, 변환 어댑터, 교통카드, 두꺼운 외투, 목도리."|여행,목록,korean|>2026-10-15
買い物リスト|h|"お餅、海苔、みかん、年越しそば用のそば、それとお土産のお菓子。"|買い物,リスト,japanese|>2026-10-20
打ち合わせメモ|w|"東京チームと索引フォーマットについて。健さんから圧縮のタイミングについて質問あり。来週までに回答する。"|仕事,メモ,japanese|=2026-11-24T09:10
日本語の練習|h|"今日のフレーズ：「よろしくお願いします」と「お疲れさまでした」。発音をもう一度確認すること。"|日本語,勉強,japanese
会议纪要|w|"与上海团队同步：索引迁移完成百分之八十，下周三前完成剩余部分。王伟负责回归测试。"|会议,工作,chinese
购物清单|h|"大米、酱油、青菜、饺子皮，还有给Mei家带的水果。"|购物,清单,chinese
学中文：声调练习|h|"今天练习了第三声和轻声。'你好'、'谢谢'、'不客气'。"|学习,中文,chinese
Standup notes Monday|w|"Blocked on the staging box disk space. Marcus is looking at the compaction job."|work,standup
Interview debrief|w|"Strong on systems design, weaker on testing. Would hire. Write the scorecard before five."|work,interview|=2026-11-05T12:05
Design review follow-ups|w|"Add a half-life per context, show the context contribution in explain, and a test for the Monday-morning case."|work,design review|=2026-11-04T10:40
Customer call notes|w|"Northwind: 2 million documents, p95 keystroke latency 180 ms. They want under 50. Suggest edge n-grams."|work,customer|=2026-11-10T16:35
Ideas for Lunch & Learn|w|"How BM25 saturates term frequency, with a live demo on the trail corpus."|work,talk,idea
Bug: duplicate results|w|"Searching 'tempo' shows the playlist twice when it's both relevant and recently played. Dedupe by entity."|work,bug
Security training takeaways|w|"Rotate the staging keys, turn on hardware keys for the admin console, stop sharing the ops spreadsheet."|work,security|=2026-11-12T11:10
Quick thought on synonyms|w|"App-name synonyms: 'Hiking' should find Trails, 'Calm Timer' should find Mindful."|work,search,idea
Dinner ideas this week|h|"Monday tacos, Tuesday leftover soup, Wednesday salmon, Thursday pasta, Friday pizza night."|cooking,family,list
Mia's bedtime story|h|"The one about the otter who collects shiny stones. She wants a sequel where the otter goes to Japan."|family,mia,story
Garden to-do|h|"Cut back the salvia, mulch the lemon tree, fix the drip line by the fence."|garden,list
Home insurance question|h|"Ask whether the new water heater changes the premium, and whether earthquake cover includes the garage."|home,reminder
Sam's birthday surprise|h|"Book the table at Passionfish for March. Don't tell Mia, she can't keep a secret."|family,gift,idea
Christmas list|h|"Mia: watercolour set and the otter book. Sam: running vest. Kate: ceramics class. Dad: golf balls, as always."|holidays,gift,list
Meditation insight|h|"The sleep session works better if I put the phone face down first. Try no screens after ten."|mindfulness,sleep
Song idea|h|"Hum: da-da-dum, da-da-dum-dum, up a third on the chorus. Something about fog on the point."|music,idea
Reading list|h|"The Overstory, Braiding Sweetgrass, Project Hail Mary, and the Xapian book Marcus recommended."|books,list
Wedding toast draft|h|"Jordan, I've known you since we were both terrible at running. You're still terrible, but now you're terrible at marathons."|family,friends,draft
Birdwatching at Point Lobos|o|"Brandt's cormorants on Bird Island, two pelicans, and maybe a peregrine over the cypresses."|hiking,birds,nature
Trail conditions: Soberanes|o|"Creek crossing is fine, poison oak overhanging after the second bridge. Wear long pants."|hiking,conditions
Trail notes: Pinnacles|o|"Saw two condors from the High Peaks. Steps are slick after rain, and the caves are closed for bats."|hiking,condors,conditions
Parking at Big Sur|o|"Pfeiffer lot was full at nine. Next time arrive by eight or take the turnout by the lodge."|hiking,parking,big sur
Farmers market finds|o|"Persimmons, the good sourdough, lion's mane mushrooms. The honey guy is back in spring."|market,food
Race day reflections|o|"Big Sur Half: 1:44:10. Went out too fast, held on. Negative split next time, seriously."|running,race,log|=2026-11-08T11:20
Whale watching|o|"Humpbacks off Lovers Point, at least three. Bring binoculars in the car from now on."|wildlife,ocean
Aquarium with Mia|o|"She loved the kelp forest and the sea otters. Membership renews in January."|family,mia
Coffee shop idea|o|"The new place on Forest Ave does a great cortado. Good for remote Fridays."|coffee,idea
Pacific Grove 12|o|"(Wind noise) ... the butterflies are back at the sanctuary, hundreds of them on the eucalyptus."|nature,monarchs
Pacific Grove 13|o|"Low tide at 6:40 tomorrow. Tide pools with Mia before school?"|family,tide pools
New Recording 41|h|"Testing, testing. Is the new mic better? Sounds less boomy."|test
New Recording 42|w|"Remember the ranker config lives in one file now, RankingWeights, don't scatter constants."|work,reminder
Voicemail for Jordan|h|"Hey, it's Alex, happy birthday! Call me back, we should run the Dipsea before the end of the year."|friends,birthday|=2026-11-21T09:15
Carmel-by-the-Sea 3|o|"Sunset at the beach, dogs everywhere, Mia wants a dog. Again."|family,beach
Lecture notes: information retrieval|h|"Precision at k, recall, and why nDCG discounts by log of the rank. Re-watch the part on click models."|learning,search
Ideas for Mia's birthday party|h|"Ten kids, tide-pool theme, cake shaped like an otter. Book the community room at the library."|family,mia,birthday,party
Running shoes|o|"The Pegasus are at 780 km. Replace before the relay. Try the wider toe box this time."|running,gear
Budget check-in|h|"Groceries are over by 120 this month. Dining out under. Travel fund on track."|budget,home
Podcast: deep work|o|"Schedule shallow work in one block in the afternoon. Protect the mornings."|podcast,productivity
Neighbor's cat|h|"Feed Miso twice a day Thursday to Sunday. Key under the blue pot."|home,reminder
Tokyo restaurant list|h|"Ken's soba place in Asakusa, the tempura counter near the hotel, and a kissaten for breakfast."|travel,japan,food|>2026-10-15
Seoul to-do|h|"Gyeongbokgung in hanbok, Bukchon early morning, N Seoul Tower at night, fried chicken with Jiwoo."|travel,korea,list|>2026-10-15
Thanksgiving toast|h|"Grateful for a year of good health, for Mom's pies, and for Mia, who made us all place cards."|thanksgiving,family|=2026-11-26T14:05
"""

COMMUTE_PLACE = ("Highway 68", 36.5870, -121.8140, "CA-68, Monterey, CA")
HOME_PLACE = ("Home", 36.6177, -121.9166, "Pacific Grove, CA 93950")
OFFICE_PLACE = (OFFICE[0], OFFICE[1], OFFICE[2], OFFICE[3])


def interaction_days():
    d = _dt.date(2026, 10, 19)
    out = []
    while d <= _dt.date(2026, 11, 29):
        out.append(d)
        d += _dt.timedelta(days=1)
    return out


def build_memos():
    rng = R("memos")
    A = MEMOS_APP
    out = [app_record(A, "Voice Memos", ["Recorder", "Memos", "Dictation"])]
    out += [
        intent(A, "RecordMemo", "Record Voice Memo", "Record a new voice memo"),
        intent(A, "PlayMemo", "Play Memo", "Play ${memo}", [{"name": "memo", "type": "MemoEntity"}]),
        intent(A, "PlayLatestMemo", "Play Latest Memo", "Play my latest recording"),
        intent(A, "TranscribeMemo", "Transcribe Memo", "Transcribe ${memo}", [{"name": "memo", "type": "MemoEntity"}]),
    ]
    # commute slots: weekdays in the interaction window, chosen without replacement
    weekdays = [d for d in interaction_days() if d.weekday() < 5 and d.isoformat() not in WORK_OFF]
    memo_rows = [(r + [""])[:5] for r in rows(MEMO_ROWS)]

    def window(c):
        lo, hi = _dt.date(2000, 1, 1), _dt.date(2100, 1, 1)
        for m in re.finditer(r"([<>])(\d{4}-\d{2}-\d{2})", c):
            d = _dt.date.fromisoformat(m.group(2))
            if m.group(1) == ">":
                lo = d + _dt.timedelta(days=1)
            else:
                hi = d - _dt.timedelta(days=1)
        return lo, hi

    commute_day = {}
    free = list(weekdays)
    order = sorted(range(len(memo_rows)), key=lambda i: (memo_rows[i][4] == "", i))
    for i in order:
        if memo_rows[i][1] != "c":
            continue
        lo, hi = window(memo_rows[i][4])
        cands = [d for d in free if lo <= d <= hi]
        d = rng.choice(cands)
        free.remove(d)
        commute_day[i] = d
    memos = []
    ids = set()
    start = _dt.date(2026, 8, 24)
    span = (_dt.date(2026, 11, 29) - start).days
    for i, (title, when, transcript, kw, cons) in enumerate(memo_rows):
        if when == "c":
            d = commute_day[i]
            t = local(d.year, d.month, d.day, 8, rng.randint(20, 44), rng.randint(0, 59))
            place, dur = COMMUTE_PLACE, rng.randint(25, 160)
        else:
            lo, hi = window(cons)
            for _ in range(200):
                d = start + _dt.timedelta(days=rng.randint(0, span))
                if not (lo <= d <= hi):
                    continue
                if when == "w" and d.weekday() >= 5:
                    continue
                if when == "o" and d.weekday() < 5 and rng.random() < 0.7:
                    continue
                break
            if when == "w":
                hh, place = rng.randint(9, 16), OFFICE_PLACE
            elif when == "h":
                hh, place = rng.choice([7, 19, 20, 21, 21]), HOME_PLACE
            else:
                hh, place = rng.randint(8, 17), None
            t = local(d.year, d.month, d.day, hh, rng.randint(0, 59), rng.randint(0, 59))
            if cons.startswith("="):
                t = _dt.datetime.fromisoformat(cons[1:]).replace(second=rng.randint(0, 59), tzinfo=TZ)
            dur = rng.randint(12, 420)
        mid = slug(title)
        if not title.isascii() or not mid:
            mid = {"회의 메모": "hoeui-memo", "장보기 목록": "jangbogi-list", "한국어 공부: 존댓말": "korean-study-jondaetmal",
                   "여행 준비물": "travel-packing-ko", "買い物リスト": "kaimono-list", "打ち合わせメモ": "uchiawase-memo",
                   "日本語の練習": "nihongo-practice", "会议纪要": "huiyi-jiyao", "购物清单": "gouwu-qingdan",
                   "学中文：声调练习": "chinese-tones-practice"}[title]
        assert mid not in ids, mid
        ids.add(mid)
        props = {"recordedAt": DATE(t), "duration": DUR(dur), "transcribed": True,
                 "favorite": rng.random() < 0.15}
        if place:
            props["location"] = PLACE(*place)
        sub = "%s · %d:%02d" % (t.strftime("%b %-d, %Y"), dur // 60, dur % 60)
        memos.append(entity(A, "MemoEntity", mid, title, sub, transcript, kws(kw), props, hint(rng, 20, 60)))
    memos.sort(key=lambda m: (m["properties"]["recordedAt"]["date"], m["id"]))
    out += memos
    out += [
        shortcut(A, "record-memo", "RecordMemo", "Record Voice Memo", "mic",
                 ["Record a voice memo in ${applicationName}", "Start recording with ${applicationName}",
                  "New ${applicationName} recording", "Take a note with ${applicationName}"]),
        shortcut(A, "play-latest-memo", "PlayLatestMemo", "Play Latest Memo", "play.circle",
                 ["Play my latest ${applicationName} recording", "Play the last memo in ${applicationName}"]),
        shortcut(A, "play-memo", "PlayMemo", "Play Memo", "waveform",
                 ["Play ${memo} in ${applicationName}", "Listen to ${memo} with ${applicationName}"],
                 {"name": "memo", "type": "MemoEntity"}),
        shortcut(A, "transcribe-memo", "TranscribeMemo", "Transcribe Memo", "text.quote",
                 ["Transcribe ${memo} with ${applicationName}", "Show the transcript of ${memo} in ${applicationName}"],
                 {"name": "memo", "type": "MemoEntity"}),
    ]
    return out


# ================================================================== MEDITATION
MED_APP = "com.example.meditation"

TEACHERS = {
    "maya": {"givenName": "Maya", "familyName": "Ortiz", "email": "maya@mindful.example.com"},
    "kenji": {"givenName": "Kenji", "familyName": "Mori", "email": "kenji@mindful.example.com"},
    "leah": {"givenName": "Leah", "familyName": "Goldberg", "email": "leah@mindful.example.com"},
    "samuel": {"givenName": "Samuel", "familyName": "Adeyemi", "email": "samuel@mindful.example.com"},
    "seoyeon": {"givenName": "서연", "familyName": "이", "email": "seoyeon@mindful.example.com"},
    "jing": {"givenName": "静", "familyName": "陈", "email": "chen.jing@mindful.example.com"},
    "akari": {"givenName": "あかり", "familyName": "佐藤", "email": "akari@mindful.example.com"},
}

# id|title|category|minutes|teacher|description|keywords
SESSION_ROWS = """
morning-clarity|Morning Clarity|morning|10|maya|Set an intention for the day with a short body check-in and ten slow breaths.|morning,intention,energy
sunrise-breath|Sunrise Breath|morning|5|samuel|Energising box breathing to shake off sleep before the first coffee.|morning,breathing,energy
gratitude-start|Gratitude Start|morning|8|leah|Name three things you're grateful for and let the feeling settle in the body.|morning,gratitude
wake-up-body-scan|Wake-Up Body Scan|morning|12|kenji|Move attention from the toes to the crown, noticing sensations without judgement.|morning,body scan
coffee-meditation|Mindful Coffee|morning|6|maya|Slow down and taste the first cup: warmth, aroma, the weight of the mug.|morning,mindful eating
morning-walk|Morning Walking Meditation|morning|15|samuel|A guided walk for the first light of the day, one step at a time.|morning,walking,outdoors
daily-calm|Daily Calm|daily|10|leah|The everyday practice: settle, breathe, notice, return.|daily,calm,beginner
five-minute-reset|Five-Minute Reset|daily|5|samuel|A quick pause between meetings to come back to the breath.|daily,break,work
breath-counting|Breath Counting|daily|15|kenji|Count breaths from one to ten and begin again whenever the mind wanders.|daily,breathing,focus
loving-kindness|Loving-Kindness|daily|15|leah|Offer kind wishes to yourself, someone you love, a stranger and someone difficult.|daily,compassion,metta
noting-practice|Noting Practice|daily|12|kenji|Gently label thoughts, feelings and sounds as they arise.|daily,awareness,thoughts
open-awareness|Open Awareness|daily|20|maya|Rest in spacious awareness without a single anchor.|daily,advanced,awareness
desk-stretch|Desk Stretch and Breathe|daily|7|samuel|Neck, shoulders and wrists, synchronised with slow exhales.|daily,stretch,work
focus-flow|Focus Flow|focus|25|kenji|A pomodoro-length session with bells every five minutes to return to the task.|focus,work,productivity
deep-work-primer|Deep Work Primer|focus|8|maya|Prepare the mind for ninety minutes of uninterrupted work.|focus,work
calm-before-presenting|Calm Before Presenting|stress|6|leah|Steady the nerves before a talk, an interview or a hard conversation.|stress,anxiety,work
anxiety-sos|Anxiety SOS|stress|4|samuel|Ground yourself with the 5-4-3-2-1 senses exercise.|stress,anxiety,grounding
commute-calm|Commute Calm|stress|10|leah|An eyes-open practice for the passenger seat, the train or traffic.|stress,commute
after-work-unwind|After-Work Unwind|stress|12|maya|Close the laptop, shake out the day and arrive home.|evening,stress,transition
runners-focus|Runner's Focus|movement|8|samuel|Pre-run visualisation and breathing to find an easy rhythm.|running,movement,sport
post-run-cooldown|Post-Run Cooldown|movement|10|samuel|Slow the heart rate and thank the legs.|running,recovery,movement
mindful-hiking|Mindful Hiking|movement|20|kenji|Audio for the trail: listen, smell, feel the ground under your boots.|hiking,outdoors,walking
body-scan-sleep|Body Scan for Sleep|sleep|20|leah|Release each part of the body in turn until sleep takes over.|sleep,body scan,bedtime
yoga-nidra|Yoga Nidra for Deep Rest|sleep|30|maya|A guided yogic sleep that leaves the body resting and the mind aware.|sleep,rest,yoga nidra
ocean-sleep-story|The Lighthouse Keeper: A Sleep Story|sleep|35|kenji|A slow, drowsy story about a lighthouse on a foggy point, told against the sound of the sea.|sleep,story,ocean
rainfall-sleep|Rainfall Sleep Sounds|sleep|60|samuel|An hour of steady rain on a cabin roof with a gentle fade-out.|sleep,sounds,rain
wind-down|Evening Wind-Down|sleep|10|leah|Let go of the day's to-do list and ease into the evening.|evening,sleep,calm
counting-down-to-sleep|Counting Down to Sleep|sleep|15|maya|Count down from one hundred with each exhale; most people never reach zero.|sleep,counting,bedtime
cant-sleep|Can't Sleep? Middle-of-the-Night Practice|sleep|12|kenji|For 3 a.m. wakeups: no pressure to sleep, just rest.|sleep,insomnia,night
kids-bedtime|Starfish Breathing for Kids|sleep|6|leah|A playful bedtime breathing game for children.|kids,sleep,family
silent-timer-20|Silent Sit (20 min)|timer|20|maya|Just a bell at the start and the end.|timer,silent,advanced
morning-breath-ko|아침 호흡 명상|morning|10|seoyeon|하루를 시작하며 호흡에 집중하고 오늘의 의도를 정하는 아침 명상입니다.|아침,호흡,명상,korean
sleep-body-scan-ko|잠들기 전 바디스캔|sleep|20|seoyeon|발끝부터 머리끝까지 몸의 긴장을 하나씩 풀어 주며 잠자리에 드는 명상입니다.|수면,바디스캔,korean
gratitude-ko|감사 일기 명상|daily|8|seoyeon|오늘 감사했던 세 가지를 떠올리며 마음을 따뜻하게 채웁니다.|감사,마음챙김,korean
kokyu-ja|マインドフルな呼吸|daily|10|akari|呼吸に意識を向け、今この瞬間に戻るための基本の瞑想です。|呼吸,マインドフルネス,japanese
nemuri-ja|眠りのための瞑想|sleep|25|akari|一日の緊張をほどき、深い眠りへと導く誘導瞑想です。|睡眠,瞑想,japanese
aruku-ja|歩く瞑想|movement|15|akari|一歩一歩の感覚を味わいながら歩く瞑想です。散歩道でどうぞ。|歩行,瞑想,japanese
zhengnian-huxi|正念呼吸练习|daily|10|jing|把注意力放在呼吸上，每次走神时温柔地回到当下。|正念,呼吸,chinese
shuiqian-fangsong|睡前放松冥想|sleep|20|jing|放下一天的疲惫，逐步放松全身，安然入睡。|睡眠,放松,chinese
zaochen-dingxin|晨间定心冥想|morning|8|jing|在清晨用几分钟安定身心，为新的一天做好准备。|早晨,冥想,chinese
"""
MEDITATION_ENUM = {"name": "session", "type": "MeditationSession",
                   "cases": [{"id": "morning", "title": "Morning"}, {"id": "daily", "title": "Daily"},
                             {"id": "sleep", "title": "Sleep"}]}


def build_meditation():
    rng = R("meditation")
    A = MED_APP
    out = [app_record(A, "Mindful", ["Meditation", "Calm Timer"])]
    out += [
        intent(A, "StartMeditation", "Start Meditation", "Start ${session} meditation",
               [{"name": "session", "type": "MeditationSession"}]),
        intent(A, "PlaySession", "Play Guided Session", "Play ${meditation}",
               [{"name": "meditation", "type": "SessionEntity"}]),
        intent(A, "StartBreathingBreak", "Take a Breathing Break", "Start a one-minute breathing break"),
        intent(A, "StartSilentTimer", "Start Silent Timer", "Start a silent meditation timer"),
        intent(A, "LogMindfulMinutes", "Log Mindful Minutes", "Log mindful minutes"),
    ]
    sessions = []
    for sid, title, cat, mins, teacher, desc, kw in rows(SESSION_ROWS):
        props = {"category": cat, "duration": DUR(int(mins) * 60), "teacher": PERSON(TEACHERS[teacher]),
                 "level": rng.choice(["beginner", "beginner", "intermediate", "all levels"])
                 if "advanced" not in kw else "advanced"}
        if cat == "sleep":
            props["background"] = rng.choice(["ocean", "rain", "fireplace", "silence", "forest at night"])
        t = TEACHERS[teacher]
        name = ("%s%s" % (t["familyName"], t["givenName"])) if not t["givenName"].isascii() else \
            "%s %s" % (t["givenName"], t["familyName"])
        sub = "%d min · %s" % (int(mins), name)
        rh = hint(rng, 25, 70)
        if sid in ("morning-clarity", "body-scan-sleep", "daily-calm"):
            rh = 70
        sessions.append(entity(A, "SessionEntity", sid, title, sub, desc, kws(kw), props, rh))
    out += sessions
    out += [
        shortcut(A, "start-meditation", "StartMeditation", "Start Meditation", "figure.mind.and.body",
                 ["Start ${session} Meditation in ${applicationName}", "Begin my ${session} meditation with ${applicationName}",
                  "${applicationName} ${session} session", "Meditate with ${applicationName}: ${session}"],
                 MEDITATION_ENUM),
        shortcut(A, "play-session", "PlaySession", "Play Guided Session", "headphones",
                 ["Play ${meditation} in ${applicationName}", "Start ${meditation} with ${applicationName}"],
                 {"name": "meditation", "type": "SessionEntity"}),
        shortcut(A, "breathing-break", "StartBreathingBreak", "Take a Breathing Break", "wind",
                 ["Take a breathing break with ${applicationName}", "Help me breathe with ${applicationName}",
                  "${applicationName} breathe"]),
        shortcut(A, "silent-timer", "StartSilentTimer", "Start Silent Timer", "timer",
                 ["Start a silent timer in ${applicationName}", "Start a ${applicationName} timer"]),
        shortcut(A, "log-mindful-minutes", "LogMindfulMinutes", "Log Mindful Minutes", "heart.text.square",
                 ["Log mindful minutes in ${applicationName}", "Record a mindful session in ${applicationName}"]),
    ]
    return out


# ======================================================================== MAIL
MAIL_APP = "com.example.mail"

MAILBOXES = [("inbox", "Inbox", "All incoming mail."), ("vip", "VIP", "Mail from people you marked as VIP."),
             ("work", "Work", "Mail at alex.morgan@harborlabs.example.com."),
             ("receipts", "Receipts", "Orders, invoices and subscriptions."),
             ("travel", "Travel", "Flights, hotels and itineraries."),
             ("newsletters", "Newsletters", "Digests and mailing lists."),
             ("family", "Family", "Sam, Mia, the Morgans and friends."), ("archive", "Archive", "Read and filed.")]

ORGS = {
    "skyward": {"givenName": "Skyward Airlines", "email": "no-reply@skyward.example.com"},
    "korean-air": {"givenName": "Korean Air", "email": "reservations@koreanair.example.com"},
    "ana-air": {"givenName": "ANA", "email": "itinerary@ana.example.jp"},
    "namsan": {"givenName": "Namsan Garden Seoul", "email": "stay@namsangarden.example.kr"},
    "asakusa": {"givenName": "Asakusa View Tokyo", "email": "reservations@asakusaview.example.jp"},
    "trailhead": {"givenName": "Trailhead Outfitters", "email": "orders@trailhead.example.com"},
    "bookshop": {"givenName": "Bookworks Pacific Grove", "email": "hello@bookworks.example.com"},
    "grocer": {"givenName": "Peninsula Grocer", "email": "receipts@peninsulagrocer.example.com"},
    "mindful": {"givenName": "Mindful", "email": "billing@mindful.example.com"},
    "utility": {"givenName": "Cal Coast Energy", "email": "billing@calcoast.example.com"},
    "race": {"givenName": "Big Sur Half Marathon", "email": "info@bigsurhalf.example.org"},
    "trails-weekly": {"givenName": "Trails Weekly", "email": "digest@trailsweekly.example.com"},
    "swift-weekly": {"givenName": "Swift Server Weekly", "email": "news@swiftserver.example.org"},
    "ir-digest": {"givenName": "Search & Ranking Digest", "email": "digest@irdigest.example.org"},
    "ci": {"givenName": "Harbor Labs CI", "email": "ci@harborlabs.example.com"},
    "hr": {"givenName": "Harbor Labs People Team", "email": "people@harborlabs.example.com"},
    "school": {"givenName": "Forest Grove Elementary", "email": "office@forestgrove.example.org"},
    "library": {"givenName": "Pacific Grove Library", "email": "notices@pglibrary.example.org"},
    "aquarium": {"givenName": "Monterey Aquarium Members", "email": "members@aquarium.example.org"},
    "dentist": {"givenName": "Peninsula Family Dental", "email": "appointments@pfdental.example.com"},
    "photos": {"givenName": "Travel Tracker", "email": "memories@traveltracker.example.com"},
}

# mailbox|sender key|subject|snippet|date ("=YYYY-MM-DDTHH:MM" or ">a<b" window)|flags (u=unread f=flagged a=attachment)
MESSAGE_ROWS = """
work|priya|Q1 roadmap draft — comments by Friday?|Hi Alex, the first draft of the Q1 plan is in the shared folder. Can you look at the search section and leave comments by Friday?|=2026-10-19T09:12|a
work|marcus|Re: Xapian index size on the staging box|The glass files grew to 41 GB after the last import. Compaction brings it back to 17. I'll schedule it nightly unless you object.|=2026-10-20T10:41|
work|sofia|Design review notes — suggestions|Notes from today attached. Main open question: should context registrations decay, or only be replaced by the next update?|=2026-11-04T11:02|a
work|daniel|Can you look at PR #4821?|It adds per-app half-lives to the usage score. Tests pass; I'd love a second pair of eyes on the decay math.|=2026-10-22T15:30|
work|hannah|Interview loop for Thursday|You're on the systems design round at 11. The candidate's résumé and the rubric are attached.|=2026-11-03T16:20|a
work|tomas|Customer escalation: Northwind Logistics|Their p95 keystroke latency is 180 ms on 2M docs. Call is set for Tuesday 4 pm — can you join?|=2026-11-06T09:05|f
work|aisha|Offsite logistics|Shuttle leaves the office at 8:15 on the 18th. Lunch is vegetarian unless you tell me otherwise.|=2026-11-10T13:44|
work|noah|Flaky test: SuggestTests.testMorningRoutine|Fails about 1 in 20 runs on CI. I think it's the time zone of the runner. Looking into it.|=2026-10-27T11:18|
work|grace|Offline metrics for experiment 14|nDCG@10 up 3.1% on the trails set, flat on mail. CJK queries improved the most. Slides attached.|=2026-11-09T17:02|a
work|ravi|Click model idea|What if we treat a shortcut launch from a suggestion as a click on that rank? We could learn the position bias.|=2026-10-29T14:25|
work|chloe|Lunch & Learn slides|Thanks for volunteering! Please send the slides by Thursday so I can post them in the channel.|=2026-11-11T10:10|
work|ben|Access to the ranking dashboard|I've added you as an editor. Let me know if the CJK panel still shows no data.|=2026-10-23T12:48|
work|priya|Re: Performance self-review|Reminder that self-reviews are due Dec 11. Happy to read a draft before then.|=2026-11-23T09:30|
work|marcus|Compaction job moved to Sunday night|As discussed, it now runs at 23:00 Sunday after the weekly rebuild.|=2026-11-16T09:02|
work|sofia|Re: Explain output redesign|Love the table idea. Can we also show which context matched and with what specificity?|=2026-11-12T15:47|
work|daniel|Re: PR #4821|Merged. I left the constants in RankingWeights so they live in one place.|=2026-10-26T10:03|
work|grace|Query log sample (anonymised)|Here are 5,000 queries from last week. Interesting: lots of 2-letter prefixes like "mo" and "ba".|=2026-11-17T11:21|a
work|hannah|Scorecard reminder|Please submit your interview feedback in the portal today if you haven't already.|=2026-11-17T16:55|
work|tomas|Northwind follow-up|They tried edge n-grams on a copy of their index; p95 dropped to 41 ms. They're thrilled.|=2026-11-20T14:12|f
work|aisha|Holiday party RSVP|Please RSVP for the 17th by December 4. Plus-ones welcome.|=2026-11-24T10:30|
work|priya|Offsite agenda (final)|Final agenda attached. Day 1 is roadmap and ranking quality; day 2 is on-call and tooling.|=2026-11-13T17:40|a
work|noah|Re: Flaky test: SuggestTests.testMorningRoutine|Found it: the runner was in UTC and the test assumed local time. Fixed in #4870.|=2026-10-30T09:44|
work|ravi|Position bias estimates|Using shortcut launches as clicks, the top slot gets about 2.4× the clicks of the third at equal relevance.|=2026-11-19T15:08|a
work|marcus|On-call handoff|Quiet week. One page on Tuesday for disk space on staging; resolved by compaction.|=2026-11-16T10:05|
work|jiwoo|회식 장소 공유드립니다|금요일 회식은 앨버라도 거리의 제주 키친에서 6시 반에 시작합니다. 늦지 않게 오세요!|=2026-11-17T14:20|
work|jieun|다음 주 회의 일정 확인 부탁드립니다|인덱스 마이그레이션 관련 회의를 다음 주 화요일 오전으로 잡으려고 합니다. 가능하신 시간 알려 주세요.|=2026-11-06T10:15|
work|ken|来週の打ち合わせについて|来週火曜の朝8時（太平洋時間）で設計レビューをお願いできますか。資料は前日までにお送りします。|=2026-11-16T17:30|
work|yuki|Re: Tokyo team review materials|Materials attached. Ken will present the compression benchmarks; I'll cover CJK tokenisation.|=2026-11-23T18:05|a
work|wei|关于下周会议的安排|下周三的周会改到九点半开始，上海这边有一个发布要跟进。|=2026-11-13T18:40|
work|mei|项目进度更新|索引迁移已经完成百分之八十，剩下的部分预计下周三前完成。|=2026-11-18T19:10|
work|priya|Great work on the beta plan|The launch readiness doc is in great shape. Let's walk through it Monday.|=2026-11-25T11:50|f
work|hr|Open enrollment ends Nov 30|Review your medical, dental and vision elections before the deadline.|=2026-11-02T08:00|
work|hr|Holiday schedule 2026|The office is closed Nov 26–27 and Dec 24–Jan 1. Enjoy the break!|=2026-10-21T08:00|
work|hr|Security Awareness Training is due|Complete the annual training by November 12. It takes about 45 minutes.|=2026-10-28T08:00|
vip|priya|Quick call?|Do you have ten minutes before the staff meeting? Nothing bad, promise.|=2026-11-05T08:52|
vip|sam|Dinner tonight?|I can pick up Thai on the way home, or we can do the leftover soup. Your call.|=2026-10-21T16:40|
vip|sam|Mia's play tickets|Got three seats in row F for Friday. Your mom wants to come too; I'll get a fourth.|=2026-11-16T12:30|
vip|linda|Thanksgiving plans|Dinner at 3! Can you bring the pies and the green beans? Kate's bringing the kids.|=2026-11-10T19:22|f
vip|sam|Flights booked!|SFO to Seoul on the 26th, then Tokyo on the 30th. Confirmation is in the travel folder.|=2026-10-24T20:15|
vip|priya|Re: Quick call?|Thanks for the chat. Go ahead and announce the beta timeline at the sync.|=2026-11-05T10:02|
family|kate|Photos from the pumpkin patch|The kids were covered in mud but happy. Album link inside!|=2026-10-25T18:30|a
family|robert|Golf on my birthday?|If you're free on the 2nd, I've got a tee time at 1. Bring Sam.|=2026-11-20T09:12|
family|linda|Recipe: Grandma June's pumpkin pie|As promised. Don't skimp on the nutmeg.|=2026-11-18T20:05|a
family|kate|Re: Gift ideas|Ceramics class would be amazing, just saying.|=2026-11-08T21:40|
family|mia|I made you a card|Dad helped me type this. Good luck at your race!!! 🏃|=2026-11-07T19:45|
family|sam|Family photo session|Booked Lovers Point on Dec 6 at 10. Please wear the green sweater.|=2026-11-19T13:15|
family|linda|Re: Thanksgiving plans|Perfect. Also, could you bring folding chairs?|=2026-11-11T08:40|
family|kate|Christmas Eve at yours?|We'd love to come for Christmas Eve dinner. What can we bring?|=2026-11-27T11:05|
family|mei|周末聚餐|周日中午一起去吃早茶吧？我订了十一点的位子。|=2026-11-24T20:30|
family|robert|Article about the Big Sur coast|Thought you'd like this piece about the new trail at Soberanes.|=2026-10-30T07:55|
inbox|jordan|Dipsea before New Year?|We said we'd run it this year. December 19? I'll drive.|=2026-11-21T18:10|
inbox|olivia|Book club: next pick|For January, I'm proposing Braiding Sweetgrass. Objections?|=2026-11-20T21:20|
inbox|nora|Re: Book club snacks|I'll bring the cheese if someone brings crackers.|=2026-11-17T12:02|
inbox|felix|Bike for sale|My old gravel bike is yours for $400 if you want it. Just had a tune-up.|=2026-10-26T19:44|
inbox|ana|Coffee next week?|I'm in Monterey Tuesday through Thursday. Coffee at the wharf?|=2026-11-02T09:30|
inbox|diego|Photos from Point Lobos|Here are the otter shots from Saturday. The light was unreal.|=2026-11-01T20:15|a
inbox|jordan|Re: Dipsea before New Year?|Perfect, I'll bring the bagels.|=2026-11-22T08:30|
inbox|coach|Big Sur Half race plan|Go out at 5:05/km, hold to mile 10, then empty the tank. You've got this.|=2026-11-05T18:00|f
inbox|coach|Great race!|1:44 on that course is excellent. Easy week, then we start base building for spring.|=2026-11-08T15:20|
inbox|coach|Track night: this week's workout|6 × 800 m at 5K pace with 400 m jog. Bring a headlamp.|=2026-11-16T12:00|
inbox|school|Parent–Teacher conferences|Please book your conference slot for November 12 using the link below.|=2026-10-22T15:00|
inbox|school|Winter concert|Students perform on December 15 at 6 pm in the multipurpose room.|=2026-11-20T14:30|
inbox|library|Your hold is ready: The Overstory|Pick up by November 10 at the Central Avenue branch.|=2026-11-02T10:00|
inbox|dentist|Appointment reminder|This is a reminder of your appointment with Dr. Okafor on Friday, November 6 at 8:30 am.|=2026-11-04T09:00|
inbox|race|Your bib number is 1187|Packet pickup is Saturday at the Portola Hotel, 10 am to 5 pm.|=2026-11-03T07:30|
inbox|race|Your results: Big Sur Half Marathon|Finish time 1:44:10. Overall 412 of 2,310. Photos are online now.|=2026-11-08T17:45|
inbox|aquarium|Your membership renews in January|Renew now and get two guest passes.|=2026-11-12T10:20|
inbox|photos|On this day: Japan, November 2025|You visited 清水寺 a year ago. Relive the trip.|=2026-11-18T07:00|
inbox|photos|Your year in travel|Ten landmarks, four countries. See your 2026 recap.|=2026-11-28T09:00|
inbox|jiwoo|서울 맛집 리스트|서울 가시면 꼭 가 보세요: 광장시장 빈대떡, 을지로 노포, 성수동 카페.|=2026-11-20T22:10|a
inbox|ken|京都旅行のしおり|去年の京都旅行のしおりをお送りします。今年の東京滞在の参考にどうぞ。|=2026-10-28T19:30|a
inbox|wei|Photos from dim sum|今天早茶的照片发给你，Mia笑得最开心！ Photos from today attached.|=2026-11-29T19:40|a
travel|korean-air|Your flight to Seoul is confirmed (SFO → ICN)|KE 24 on Saturday, December 26. Confirmation ZX7Q2L. Three passengers.|=2026-10-24T20:02|a
travel|ana-air|Itinerary: ICN → HND (NH 862)|Wednesday, December 30, departs 09:40, arrives 11:55.|=2026-10-25T08:30|a
travel|namsan|Reservation confirmed: Namsan Garden Seoul|Three nights from December 27. Late check-in noted.|=2026-10-26T03:15|
travel|asakusa|ご予約の確認（浅草ビューホテル）|12月30日から3泊のご予約を承りました。チェックインは15時からです。|=2026-10-26T04:40|
travel|korean-air|Check-in opens soon|Seat selection is available now for your flight to Seoul.|=2026-11-26T09:00|
travel|skyward|Your trip to San Diego: receipt|Thanks for flying Skyward. Your receipt for the October trip is attached.|=2026-10-19T06:30|a
travel|skyward|Fare alert: SFO → HNL from $189|Fares to Honolulu dropped for January and February.|=2026-11-14T06:10|
newsletters|trails-weekly|This week on the trail: fall colors in the Sierra|Aspens near Bishop are peaking; plus five coastal walks for foggy weekends.|=2026-10-22T06:00|
newsletters|trails-weekly|Soberanes Canyon reopens after storm repairs|New bridges and a rerouted section above the creek.|=2026-10-29T06:00|
newsletters|trails-weekly|Winter hiking: ten waterfall walks|Rain means the falls are back. Our favourites from Big Sur to Marin.|=2026-11-05T06:00|
newsletters|trails-weekly|Permit lotteries for 2027 open soon|Half Dome, the Enchantments and Mount Whitney: key dates.|=2026-11-12T06:00|
newsletters|trails-weekly|Best Thanksgiving weekend hikes|Walk off the pie on these easy coastal loops.|=2026-11-19T06:00|
newsletters|trails-weekly|Gear guide: rain shells under $200|We tested eight jackets on the Lost Coast.|=2026-11-26T06:00|
newsletters|swift-weekly|Swift Server Weekly #212|FoundationEssentials start-up numbers, a new Postgres driver and static linking tips.|=2026-10-20T07:00|
newsletters|swift-weekly|Swift Server Weekly #213|Structured concurrency in long-running services.|=2026-10-27T07:00|
newsletters|swift-weekly|Swift Server Weekly #214|Cross-compiling for Linux on ARM; profiling with perf.|=2026-11-03T07:00|
newsletters|swift-weekly|Swift Server Weekly #215|C++ interop in practice: wrapping a search library.|=2026-11-10T07:00|
newsletters|swift-weekly|Swift Server Weekly #216|Static stdlib builds and why your CLI starts in 2 ms.|=2026-11-17T07:00|
newsletters|swift-weekly|Swift Server Weekly #217|Holiday reading list and the year in server-side Swift.|=2026-11-24T07:00|
newsletters|ir-digest|Search & Ranking Digest: learning to rank without labels|Using implicit feedback from clicks and launches.|=2026-10-23T05:30|
newsletters|ir-digest|Search & Ranking Digest: typo tolerance|Damerau–Levenshtein, keyboard distance and when to give up.|=2026-11-06T05:30|
archive|priya|Welcome back!|Hope the trip was great. Quick sync Tuesday to catch up on the suggestions project?|=2026-09-08T09:00|
archive|marcus|Postmortem: staging index corruption|Root cause was two writers racing after a lock timeout. Action items attached.|=2026-09-15T14:30|a
archive|sofia|Suggest v0 design doc|First cut of the zero-query suggestion design. Contexts, decay and the ranker interface.|=2026-09-22T11:10|a
archive|daniel|Re: Rebuild atomicity|Renaming the stub file over the old one works; readers just reopen.|=2026-09-29T16:45|
archive|hr|Benefits overview 2027|Open enrollment starts November 2. Here's what's changing next year.|=2026-10-01T08:00|a
archive|skyward|Boarding pass: SFO → SAN|Flight SW 1422, gate B7, boarding 06:25.|=2026-10-09T05:40|a
archive|kate|Mia's birthday ideas|She's obsessed with otters. Tide-pool party?|=2026-09-27T20:10|
archive|sam|Re: Fridge repair|The technician can come Thursday between 12 and 4.|=2026-09-18T12:15|
archive|felix|Trip photos: Lassen|We made it to the summit! Smoke cleared just in time.|=2026-09-21T19:00|a
archive|trailhead|Welcome to Trailhead Rewards|You've earned 250 points on your first purchase.|=2026-09-10T10:00|
archive|ana|Great to see you in Seattle|Thanks for the dinner recommendation. Let's not wait another year.|=2026-09-30T21:00|
archive|library|Your hold is ready: Braiding Sweetgrass|Pick up by September 19 at the Central Avenue branch.|=2026-09-12T10:00|
archive|ken|先日はありがとうございました|先日のオンライン会議、ありがとうございました。議事録を共有します。|=2026-10-02T18:00|a
archive|jieun|추석 잘 보내세요|즐거운 추석 연휴 보내세요! 연휴 끝나고 다음 주에 뵙겠습니다.|=2026-09-24T17:30|
archive|wei|中秋节快乐|祝你和家人中秋节快乐，月饼已经寄出了，请注意查收。|=2026-09-25T09:00|
archive|grace|Ranking dataset v3|Judged queries for trails, mail and music, now with 600 CJK queries.|=2026-10-05T13:20|a
archive|coach|Half marathon training block|Ten weeks to Big Sur. Plan attached; Tuesdays are track, Saturdays are long.|=2026-09-01T07:00|a
archive|nora|Book club: September recap|Great discussion! Next up: The Overstory.|=2026-09-28T22:00|
archive|robert|Dad's new email address|I finally switched. Please update your contacts.|=2026-09-14T08:20|
archive|ravi|Paper: unbiased learning to rank|Worth reading before we design the click model.|=2026-10-07T15:40|a
newsletters|ir-digest|Search & Ranking Digest: CJK segmentation|N-grams, dictionaries and the mixed-script query problem.|=2026-11-20T05:30|
"""

RECEIPT_ITEMS = [("trailhead", "Trailhead Outfitters", ["trail running shoes", "a rain shell", "a headlamp",
                                                        "trekking poles", "merino socks", "a running vest"]),
                 ("bookshop", "Bookworks Pacific Grove", ["The Overstory", "Braiding Sweetgrass", "a watercolour set",
                                                          "Project Hail Mary", "an otter picture book"]),
                 ("grocer", "Peninsula Grocer", ["your weekly delivery", "Thanksgiving groceries", "the produce box"])]


def build_mail():
    rng = R("mail")
    A = MAIL_APP
    out = [app_record(A, "Mail", ["Email", "Inbox", "Messages"])]
    out += [
        intent(A, "OpenMessage", "Open Message", "Open ${message}", [{"name": "message", "type": "MessageEntity"}]),
        intent(A, "OpenMailbox", "Open Mailbox", "Show ${mailbox}", [{"name": "mailbox", "type": "MailboxEntity"}]),
        intent(A, "ComposeMessage", "Compose Message", "Write a new message"),
        intent(A, "CheckNewMail", "Check New Mail", "Show new mail"),
    ]
    boxes = [entity(A, "MailboxEntity", bid, title, None, desc, None, {"account": "alex.morgan@example.com"
                    if bid != "work" else "alex.morgan@harborlabs.example.com"},
                    {"inbox": 75, "vip": 65, "work": 60}.get(bid, 35)) for bid, title, desc in MAILBOXES]
    msgs = []
    data = [r + [""] * (6 - len(r)) for r in rows(MESSAGE_ROWS)]
    # templated receipts, shipping notices, bills, CI notifications and invites
    d = _dt.date(2026, 10, 2)
    k = 0
    while d <= _dt.date(2026, 11, 29):
        if d.weekday() == 5:      # grocery receipt every Saturday
            data.append(["receipts", "grocer", "Your Peninsula Grocer receipt (%s)" % d.strftime("%b %-d"),
                         "Thanks for shopping with us. Total $%d.%02d. %d items." % (rng.randint(64, 210),
                                                                                    rng.randint(0, 99), rng.randint(14, 41)),
                         "=%sT%02d:%02d" % (d.isoformat(), rng.randint(11, 13), rng.randint(0, 59)), ""])
        if d.weekday() in (1, 3) and rng.random() < 0.55:
            sender, shop, items = RECEIPT_ITEMS[k % 2]
            item = items[(k // 2) % len(items)]
            num = "%s-%05d" % (shop[:2].upper(), rng.randint(10000, 99999))
            data.append(["receipts", sender, "Order %s: %s has shipped" % (num, item[0].upper() + item[1:]),
                         "Your order from %s is on its way and should arrive in 2–3 days." % shop,
                         "=%sT%02d:%02d" % (d.isoformat(), rng.randint(8, 20), rng.randint(0, 59)), ""])
            k += 1
        if d.weekday() < 5 and rng.random() < 0.3:
            build = rng.randint(1200, 1299) + (d - _dt.date(2026, 10, 1)).days * 7
            ok = rng.random() < 0.6
            data.append(["work", "ci", "%s: limelight-main #%d" % ("Fixed" if ok else "Build failed", build),
                         ("All 412 tests passed on linux-x86_64 and linux-aarch64." if ok else
                          "SuggestTests and RankerTests failed on linux-aarch64. See the log for details."),
                         "=%sT%02d:%02d" % (d.isoformat(), rng.randint(9, 18), rng.randint(0, 59)), "" if ok else "u"])
        if d.day == 5:
            data.append(["receipts", "utility", "Your %s statement is ready" % d.strftime("%B"),
                         "Amount due $%d.%02d by the 25th. AutoPay is on." % (rng.randint(88, 160), rng.randint(0, 99)),
                         "=%sT06:15" % d.isoformat(), ""])
        if d.day == 15:
            data.append(["receipts", "mindful", "Receipt for your Mindful subscription",
                         "Mindful Premium (monthly): $9.99. Thanks for practising with us.",
                         "=%sT04:30" % d.isoformat(), ""])
        d += _dt.timedelta(days=1)
    invites = [("2026-11-04", "Design Review: Zero-Query Suggestions", "sofia", "2026-10-28T10:05"),
               ("2026-11-18", "Search Team Offsite", "aisha", "2026-10-20T11:30"),
               ("2026-12-03", "Q1 Roadmap Review", "priya", "2026-11-19T16:00"),
               ("2026-12-01", "Launch Readiness: Suggestions Beta", "priya", "2026-11-20T09:40"),
               ("2026-11-13", "Lunch & Learn: Xapian Internals", "chloe", "2026-11-02T13:10"),
               ("2026-12-17", "Team Holiday Party", "aisha", "2026-11-24T10:25"),
               ("2026-11-24", "設計レビュー（東京チーム）", "ken", "2026-11-16T17:40")]
    for day, what, who, sent in invites:
        dd = _dt.date.fromisoformat(day)
        data.append(["work", who, "Invitation: %s @ %s" % (what, dd.strftime("%a %b %-d, %Y")),
                     "You have been invited to %s. Accept, decline or propose a new time." % what, "=" + sent, ""])
    ids = set()
    for box, sender, subject, snippet, when, flags in data:
        t = _dt.datetime.fromisoformat(when[1:]).replace(second=rng.randint(0, 59), tzinfo=TZ)
        frm = PEOPLE.get(sender) or ORGS[sender]
        mid = "msg-%s" % t.strftime("%Y%m%d-%H%M%S")
        while mid in ids:
            mid += "b"
        ids.add(mid)
        read_by = _dt.datetime(2026, 11, 29, 12, tzinfo=TZ) - _dt.timedelta(days=2)
        unread = "u" in flags or (t > read_by and rng.random() < 0.6)
        props = {"from": PERSON(frm), "to": [PERSON(ME)], "receivedAt": DATE(t),
                 "mailbox": REF("MailboxEntity", box), "unread": unread, "flagged": "f" in flags,
                 "hasAttachments": "a" in flags}
        sname = frm["givenName"] + (" " + frm["familyName"] if frm.get("familyName") else "")
        if frm.get("familyName") and not frm["givenName"].isascii():
            sname = frm["familyName"] + frm["givenName"]
        sub = "%s · %s" % (sname, t.strftime("%b %-d"))
        kw = [box] + (["flagged"] if "f" in flags else [])
        rh = {"vip": 60, "work": 45, "family": 50, "inbox": 40, "travel": 55}.get(box, 25)
        rh = max(0, min(100, rh + rng.randint(-12, 12)))
        msgs.append(entity(A, "MessageEntity", mid, subject, sub, snippet, kw, props, rh))
    msgs.sort(key=lambda m: (m["properties"]["receivedAt"]["date"], m["id"]))
    out += boxes + msgs
    out += [
        shortcut(A, "compose-message", "ComposeMessage", "Compose Message", "square.and.pencil",
                 ["Compose a message in ${applicationName}", "Write an email with ${applicationName}",
                  "New ${applicationName} message"]),
        shortcut(A, "check-new-mail", "CheckNewMail", "Check New Mail", "envelope.badge",
                 ["Check my ${applicationName}", "Any new ${applicationName}?", "Show new messages in ${applicationName}"]),
        shortcut(A, "open-mailbox", "OpenMailbox", "Open Mailbox", "tray",
                 ["Open my ${mailbox} in ${applicationName}", "Show ${mailbox} in ${applicationName}"],
                 {"name": "mailbox", "type": "MailboxEntity"}),
        shortcut(A, "open-message", "OpenMessage", "Open Message", "envelope.open",
                 ["Open ${message} in ${applicationName}", "Show the email ${message} in ${applicationName}"],
                 {"name": "message", "type": "MessageEntity"}),
    ]
    return out


# ================================================================ INTERACTIONS
RUN_CTX = ["audio.workout.running", "fitness.workoutActive", "hardware.headphones"]
HABIT_CHANGE = _dt.date(2026, 11, 12)          # evening-run favourite changes on this day
FAV_BEFORE, FAV_AFTER = "tempo-run", "5k-intervals"
LATE_TRAIL, LATE_TRAIL_FROM = "lands-end", _dt.date(2026, 11, 23)
LATE_PLAYLIST, LATE_PLAYLIST_FROM = "winter-warmers", _dt.date(2026, 11, 24)
LOCAL_TRAILS = [("monterey-bay", 6), ("cypress-grove", 4), ("soberanes-canyon", 3), ("bird-island", 2),
                ("pfeiffer-falls", 2), ("monterey-pine-forest", 2), ("ewoldsen", 1), ("pinnacles-high-peaks", 1),
                ("wilder-ranch", 1), ("aptos-creek", 1), ("berry-creek-falls", 1)]


def wchoice(rng, pairs):
    total = sum(w for _, w in pairs)
    x = rng.uniform(0, total)
    for v, w in pairs:
        x -= w
        if x <= 0:
            return v
    return pairs[-1][0]


class Sim:
    def __init__(self, corpora):
        self.rng = R("interactions")
        self.out = []
        self.seq = 0
        self.ent = {}      # (app, type) -> list of entity records
        self.short = {}    # (app, shortcut id) -> shortcut record
        for recs in corpora.values():
            for r in recs:
                if r["kind"] == "entity":
                    self.ent.setdefault((r["app"], r["type"]), []).append(r)
                elif r["kind"] == "shortcut":
                    self.short[(r["app"], r["id"])] = r
        self.by_id = {(a, t, e["id"]): e for (a, t), lst in self.ent.items() for e in lst}

    def emit(self, app, at, intent=None, shortcut=None, entities=None, context=None):
        rec = {"kind": "interaction", "app": app}
        if shortcut and not intent:
            intent = self.short[(app, shortcut)]["intent"]
        if intent:
            rec["intent"] = intent
        if shortcut:
            rec["shortcut"] = shortcut
        if entities:
            rec["entities"] = [{"type": t, "id": i} for t, i in entities]
        rec["at"] = iso(at)
        if context:
            rec["context"] = list(context)
        self.seq += 1
        self.out.append((at, self.seq, rec))

    def at(self, day, h, m, jitter=0):
        t = local(day.year, day.month, day.day, h, m, self.rng.randint(0, 59))
        if jitter:
            t += _dt.timedelta(minutes=self.rng.randint(-jitter, jitter))
        return t


def build_interactions(corpora):
    S = Sim(corpora)
    rng = S.rng
    E = S.ent
    trails = {e["id"]: e for e in E[(TRAILS_APP, "TrailEntity")]}
    playlists = {e["id"]: e for e in E[(MUSIC_APP, "PlaylistEntity")]}
    songs_of = {pid: [r["entity"]["id"] for r in p["properties"]["songs"]] for pid, p in playlists.items()}
    all_songs = [e["id"] for e in E[(MUSIC_APP, "SongEntity")]]
    events = E[(CAL_APP, "EventEntity")]
    work_events = [e for e in events if e["properties"]["calendar"]["entity"]["id"] == "work"
                   and not e["properties"]["allDay"]]
    other_events = [e for e in events if e["properties"]["calendar"]["entity"]["id"] in ("family", "home", "fitness")]
    msgs = E[(MAIL_APP, "MessageEntity")]
    memos = E[(MEMOS_APP, "MemoEntity")]
    landmarks = [e["id"] for e in E[(TRAVEL_APP, "LandmarkEntity")]]
    trip_lms = [r["entity"]["id"] for r in S.by_id[(TRAVEL_APP, "CollectionEntity", "seoul-tokyo-december")]
                ["properties"]["landmarks"]]
    photos = E[(TRAVEL_APP, "PhotoEntity")]
    asia_photos = [p["id"] for p in photos if p["properties"]["takenAt"]["date"][19:] == "+09:00"]
    sessions = {e["id"]: e for e in E[(MED_APP, "SessionEntity")]}
    day_sessions = [s for s, e in sessions.items() if e["properties"]["category"] in ("daily", "stress", "focus")]

    def when(e, key):
        return _dt.datetime.fromisoformat(e["properties"][key]["date"])

    def enum_ref(case):
        return [("MeditationSession", case)] if ENUM_CASE_REFS_IN_INTERACTIONS else None

    opened = {}

    def pick_msgs(now, boxes, n, max_age_h=30):
        """Recent messages, mostly ones not read yet; flagged/VIP mail gets re-opened now and then."""
        cands = []
        for m in msgs:
            if not (now - _dt.timedelta(hours=max_age_h) <= when(m, "receivedAt") <= now
                    and m["properties"]["mailbox"]["entity"]["id"] in boxes):
                continue
            k = opened.get(m["id"], 0)
            sticky = m["properties"]["flagged"] or m["properties"]["mailbox"]["entity"]["id"] == "vip"
            w = 1.0 if k == 0 else (0.5 if sticky and k < 4 else 0.1 if k < 2 else 0.0)
            if w:
                cands.append((m, w))
        got = []
        while cands and len(got) < n:
            m = wchoice(rng, cands)
            cands = [(x, w) for x, w in cands if x is not m]
            opened[m["id"]] = opened.get(m["id"], 0) + 1
            got.append(m)
        return got

    def trail_ok(tid, day):
        return tid != LATE_TRAIL or day >= LATE_TRAIL_FROM

    def playlist_ok(pid, day):
        return pid != NEVER_PLAYED_PLAYLIST and (pid != LATE_PLAYLIST or day >= LATE_PLAYLIST_FROM)

    def place_ctx(day, t, workday):
        hm = t.hour * 60 + t.minute
        if workday:
            if 495 <= hm < 530 or 1035 <= hm < 1070:
                return ["location.commute"]
            if 540 <= hm < 1020:
                return ["location.work"]
        if day.weekday() >= 5 and 600 <= hm < 1080 and rng.random() < 0.35:
            return None            # out and about
        return ["location.home"]

    def run(day, t, fav_override=None):
        fav = FAV_BEFORE if day < HABIT_CHANGE else FAV_AFTER
        others = [p for p in RUN_OTHERS if playlist_ok(p, day) and p not in (FAV_BEFORE, FAV_AFTER)]
        if fav_override:
            pid = fav_override
        elif rng.random() < 0.85:
            pid = fav
        elif rng.random() < 0.1:
            pid = FAV_AFTER if day < HABIT_CHANGE else FAV_BEFORE     # the old/new favourite, rarely
        else:
            pid = rng.choice(others)
        ctx = list(RUN_CTX)
        S.emit(MUSIC_APP, t, shortcut="play-playlist", entities=[("PlaylistEntity", pid)], context=ctx)
        songs_after(pid, t, rng.randint(4, 8), ctx)

    def songs_after(pid, t, n, ctx):
        for _ in range(n):
            t = t + _dt.timedelta(minutes=rng.randint(3, 8), seconds=rng.randint(0, 59))
            S.emit(MUSIC_APP, t, intent="PlaySong", entities=[("SongEntity", rng.choice(songs_of[pid]))], context=ctx)

    RUN_OTHERS = ["long-run-sunday", "hill-repeats", "recovery-jog", "marathon-pace", "trail-run-mix"]
    memo_at = {}
    for m in memos:
        t = when(m, "recordedAt")
        memo_at.setdefault(t.date(), []).append(m)

    for day in interaction_days():
        wd = day.weekday()
        holiday = day.isoformat() in WORK_OFF
        workday = wd < 5 and not holiday
        weekend = not workday

        # ---- wake-up: spin class at the gym some Wednesdays, then meditation
        if wd == 2 and workday and rng.random() < 0.45:
            t = S.at(day, 6, 5, 5)
            S.emit(MUSIC_APP, t, shortcut="play-playlist", entities=[("PlaylistEntity", "spin-class")],
                   context=["location.gym", "audio.workout.cycling", "fitness.workoutActive", "hardware.headphones",
                            "audio.workout.intensity.high"])
        if workday and rng.random() < 0.9:
            t = S.at(day, 7, 0, 12)
            ctx = ["location.home"] + (["sleep.wakeup"] if rng.random() < 0.5 else [])
            if rng.random() < 0.85:
                S.emit(MED_APP, t, shortcut="start-meditation", entities=enum_ref("morning"), context=ctx)
            else:
                sid = wchoice(rng, [("morning-clarity", 5), ("sunrise-breath", 2), ("gratitude-start", 1),
                                    ("morning-breath-ko", 1)])
                S.emit(MED_APP, t, shortcut="play-session", entities=[("SessionEntity", sid)], context=ctx)
        elif weekend and rng.random() < 0.5:
            t = S.at(day, 8, 10, 25)
            S.emit(MED_APP, t, shortcut="start-meditation",
                   entities=enum_ref("daily" if rng.random() < 0.6 else "morning"), context=["location.home"])
        if workday:
            if rng.random() < 0.5:
                t = S.at(day, 7, 30, 10)
                S.emit(MAIL_APP, t, shortcut="check-new-mail", context=["location.home"])
                for m in pick_msgs(t, ("vip", "family", "inbox", "work"), rng.randint(0, 2), 14):
                    t += _dt.timedelta(minutes=rng.randint(1, 4))
                    S.emit(MAIL_APP, t, intent="OpenMessage", entities=[("MessageEntity", m["id"])],
                           context=["location.home"])
            if rng.random() < 0.3:
                S.emit(CAL_APP, S.at(day, 7, 40, 8), shortcut="show-agenda", context=["location.home"])

        if rng.random() < 0.4:
            t = S.at(day, 7, 20 if workday else 8, 8)
            S.emit(MUSIC_APP, t, shortcut="play-playlist", entities=[("PlaylistEntity", "morning-coffee")],
                   context=["location.home"])
            songs_after("morning-coffee", t, rng.randint(0, 2), ["location.home", "audio.nowPlaying"])

        # ---- morning commute
        if workday:
            if rng.random() < 0.45:
                S.emit(MUSIC_APP, S.at(day, 8, 16, 3), shortcut="play-playlist",
                       entities=[("PlaylistEntity", "morning-commute")], context=["location.commute"])
            if rng.random() < 0.55:
                t = S.at(day, 8, 40, 4)
                S.emit(MAIL_APP, t, shortcut="check-new-mail", context=["location.commute"])
                for m in pick_msgs(t, ("work", "vip", "inbox", "newsletters"), rng.randint(0, 2), 16):
                    t += _dt.timedelta(minutes=rng.randint(1, 3))
                    S.emit(MAIL_APP, t, intent="OpenMessage", entities=[("MessageEntity", m["id"])],
                           context=["location.commute"])
            if rng.random() < 0.12:
                S.emit(MEMOS_APP, S.at(day, 8, 33, 5), shortcut="play-latest-memo", context=["location.commute"])
            if rng.random() < 0.2:
                S.emit(MUSIC_APP, S.at(day, 8, 25, 5), shortcut="resume-playback", context=["location.commute"])

        # ---- memos recorded today (each memo in the window was recorded through the app)
        for m in memo_at.get(day, []):
            t = when(m, "recordedAt") - _dt.timedelta(seconds=1)
            loc = m["properties"].get("location", {}).get("place", {}).get("name")
            ctx = {"Highway 68": ["location.commute"], "Home": ["location.home"]}.get(loc)
            if loc == OFFICE[0]:
                ctx = ["location.work"]
            if rng.random() < 0.7:
                S.emit(MEMOS_APP, t, shortcut="record-memo", context=ctx)
            else:
                S.emit(MEMOS_APP, t, intent="RecordMemo", context=ctx)
            if rng.random() < 0.2:
                S.emit(MEMOS_APP, t + _dt.timedelta(minutes=rng.randint(20, 300)), shortcut="transcribe-memo",
                       entities=[("MemoEntity", m["id"])], context=None)

        # ---- at work
        if workday:
            W = ["location.work"]
            if rng.random() < 0.85:
                S.emit(CAL_APP, S.at(day, 9, 4, 4), shortcut="show-agenda", context=W)
            upcoming = [e for e in work_events
                        if day <= when(e, "start").date() <= day + _dt.timedelta(days=10)]
            for _ in range(rng.randint(3, 6) if upcoming else 0):
                e = wchoice(rng, [(e, 6 if when(e, "start").date() == day else 1) for e in upcoming])
                st = when(e, "start")
                if st.date() == day and 9 <= st.hour < 17:
                    t = st - _dt.timedelta(minutes=rng.randint(2, 25), seconds=rng.randint(0, 59))
                    if t.hour < 9:
                        t = S.at(day, 9, 10, 5)
                else:
                    t = S.at(day, rng.randint(9, 16), rng.randint(0, 59))
                if rng.random() < 0.4:
                    S.emit(CAL_APP, t, shortcut="open-event", entities=[("EventEntity", e["id"])], context=W)
                else:
                    S.emit(CAL_APP, t, intent="OpenEvent", entities=[("EventEntity", e["id"])], context=W)
            for _ in range(rng.randint(0, 2)):
                S.emit(CAL_APP, S.at(day, rng.randint(10, 16), rng.randint(0, 59)), shortcut="next-event", context=W)
            for _ in range(rng.randint(1, 3)):
                S.emit(MAIL_APP, S.at(day, rng.randint(9, 16), rng.randint(0, 59)), shortcut="check-new-mail",
                       context=W)
            n_open = rng.randint(7, 12)
            for _ in range(n_open):
                t = S.at(day, rng.randint(9, 16), rng.randint(0, 59))
                got = pick_msgs(t, ("work", "vip", "inbox", "travel", "newsletters"), 1, 96)
                if got:
                    S.emit(MAIL_APP, t, intent="OpenMessage", entities=[("MessageEntity", got[0]["id"])], context=W)
            if rng.random() < 0.3:
                S.emit(MAIL_APP, S.at(day, rng.randint(9, 16), rng.randint(0, 59)), shortcut="open-mailbox",
                       entities=[("MailboxEntity", wchoice(rng, [("work", 4), ("vip", 2), ("inbox", 1)]))], context=W)
            for _ in range(rng.randint(0, 2)):
                S.emit(MAIL_APP, S.at(day, rng.randint(9, 16), rng.randint(0, 59)), shortcut="compose-message",
                       context=W)
            if rng.random() < 0.45:
                pid = wchoice(rng, [("deep-focus", 5), ("code-and-coffee", 3), ("lo-fi-study", 2), ("chill-electronic", 1)])
                t = S.at(day, 9, 50, 25)
                S.emit(MUSIC_APP, t, shortcut="play-playlist", entities=[("PlaylistEntity", pid)],
                       context=["location.work", "hardware.headphones"])
                songs_after(pid, t + _dt.timedelta(minutes=20), rng.randint(1, 4),
                            ["location.work", "hardware.headphones", "audio.nowPlaying"])
            if rng.random() < 0.25:
                if rng.random() < 0.5:
                    S.emit(MED_APP, S.at(day, 14, 45, 40), shortcut="breathing-break", context=W)
                else:
                    S.emit(MED_APP, S.at(day, 14, 45, 40), shortcut="play-session",
                           entities=[("SessionEntity", rng.choice(day_sessions))], context=W)
            # Wednesday school pickup in November
            if wd == 2 and day.month == 11:
                t = S.at(day, 15, 22, 4)
                S.emit(CAL_APP, t, shortcut="next-event", context=["location.school"])
                if rng.random() < 0.5:
                    S.emit(MAIL_APP, t + _dt.timedelta(minutes=5), shortcut="check-new-mail", context=["location.school"])
            # evening commute
            if rng.random() < 0.55:
                t = S.at(day, 17, 28, 8)
                if rng.random() < 0.7:
                    S.emit(MUSIC_APP, t, shortcut="play-playlist", entities=[("PlaylistEntity", "commute-wind-down")],
                           context=["location.commute"])
                else:
                    S.emit(MED_APP, t, shortcut="play-session", entities=[("SessionEntity", "commute-calm")],
                           context=["location.commute"])

        # ---- evening runs Tue/Thu/Sat (and race morning)
        if day == _dt.date(2026, 11, 8):
            run(day, S.at(day, 6, 50, 2), fav_override=FAV_BEFORE)
        if wd in (1, 3, 5) and rng.random() < 0.95 and day != _dt.date(2026, 11, 26):
            run(day, S.at(day, 18, 0, 15))
            if rng.random() < 0.25:
                S.emit(MED_APP, S.at(day, 19, 5, 10), shortcut="play-session",
                       entities=[("SessionEntity", "post-run-cooldown")], context=["location.home"])
        elif wd == 6 and day.month == 11 and rng.random() < 0.6:
            S.emit(MUSIC_APP, S.at(day, 9, 0, 3), shortcut="play-playlist", entities=[("PlaylistEntity", "yoga-flow")],
                   context=["location.gym", "audio.workout", "audio.workout.intensity.low"])

        # ---- weekend trails
        if weekend and wd >= 5 and rng.random() < (0.85 if wd == 5 else 0.65):
            t = S.at(day, 7, 45, 30)
            if day >= LATE_TRAIL_FROM and wd == 5:
                tid = LATE_TRAIL
            else:
                tid = wchoice(rng, [(x, w) for x, w in LOCAL_TRAILS if trail_ok(x, day)])
            r = rng.random()
            if r < 0.3 and tid != LATE_TRAIL:
                S.emit(TRAILS_APP, t, shortcut="open-pinned-trail", context=["location.home"])
            elif r < 0.75:
                S.emit(TRAILS_APP, t, shortcut="open-trail", entities=[("TrailEntity", tid)], context=["location.home"])
            else:
                S.emit(TRAILS_APP, t, intent="OpenTrail", entities=[("TrailEntity", tid)], context=["location.home"])
            if rng.random() < 0.5:
                S.emit(TRAILS_APP, t + _dt.timedelta(minutes=rng.randint(2, 8)), shortcut="get-conditions",
                       entities=[("TrailEntity", tid)], context=["location.home"])
            if rng.random() < 0.65:
                S.emit(TRAILS_APP, t + _dt.timedelta(minutes=rng.randint(40, 80)), shortcut="start-hike",
                       entities=[("TrailEntity", tid)], context=["fitness.workoutActive"])
                if rng.random() < 0.4:
                    S.emit(MUSIC_APP, t + _dt.timedelta(minutes=rng.randint(10, 30)), shortcut="play-playlist",
                           entities=[("PlaylistEntity", "trailhead-tunes")], context=None)
        # planning the new trail during the last week
        if LATE_TRAIL_FROM <= day and wd in (0, 2, 4) and day < _dt.date(2026, 11, 28):
            S.emit(TRAILS_APP, S.at(day, 20, 40, 20), shortcut="open-trail", entities=[("TrailEntity", LATE_TRAIL)],
                   context=["location.home"])
        if wd == 4 and rng.random() < 0.6:
            t = S.at(day, 20, 15, 30)
            if rng.random() < 0.5:
                S.emit(TRAILS_APP, t, shortcut="show-collection", entities=[("CollectionEntity", "near-home")],
                       context=["location.home"])
            else:
                S.emit(TRAILS_APP, t, shortcut="find-nearby-trails", context=["location.home"])
            tid = wchoice(rng, [(x, w) for x, w in LOCAL_TRAILS if trail_ok(x, day)])
            S.emit(TRAILS_APP, t + _dt.timedelta(minutes=rng.randint(1, 6)), shortcut="get-conditions",
                   entities=[("TrailEntity", tid)], context=["location.home"])

        # ---- weekend afternoons
        if weekend:
            for _ in range(rng.randint(1, 3)):
                t = S.at(day, rng.randint(11, 17), rng.randint(0, 59))
                ctx = ["location.home"] if rng.random() < 0.6 else None
                pid = wchoice(rng, [("sunday-brunch", 3), ("gardening-sunday", 2), ("mias-car-songs", 2),
                                    ("feel-good-friday", 1), ("road-trip", 1), ("discovery-mix", 2),
                                    ("kpop-running", 1), ("city-pop-night", 1), (LATE_PLAYLIST, 3)])
                if not playlist_ok(pid, day):
                    pid = "on-repeat"
                S.emit(MUSIC_APP, t, shortcut="play-playlist", entities=[("PlaylistEntity", pid)], context=ctx)
                songs_after(pid, t, rng.randint(1, 4), (ctx or []) + ["audio.nowPlaying"])
            if rng.random() < 0.6:
                t = S.at(day, rng.randint(10, 18), rng.randint(0, 59))
                S.emit(MAIL_APP, t, shortcut="check-new-mail", context=None)
                for m in pick_msgs(t, ("family", "inbox", "vip", "travel", "receipts"), rng.randint(1, 2), 40):
                    t += _dt.timedelta(minutes=rng.randint(1, 5))
                    S.emit(MAIL_APP, t, intent="OpenMessage", entities=[("MessageEntity", m["id"])], context=None)
            if day == _dt.date(2026, 11, 26):
                S.emit(MUSIC_APP, S.at(day, 14, 50, 5), shortcut="play-playlist",
                       entities=[("PlaylistEntity", "thanksgiving-dinner")], context=None)

        # ---- evenings at home: travel planning, music, family calendar, mail
        H = ["location.home"]
        p_travel = 0.4 if day < _dt.date(2026, 11, 1) else 0.7
        if rng.random() < p_travel:
            t = S.at(day, rng.randint(19, 21), rng.randint(0, 59))
            for _ in range(rng.randint(2, 6)):
                r = rng.random()
                if r < 0.45:
                    lid = rng.choice(trip_lms) if rng.random() < 0.75 else rng.choice(landmarks)
                    if rng.random() < 0.35:
                        S.emit(TRAVEL_APP, t, shortcut="open-landmark", entities=[("LandmarkEntity", lid)], context=H)
                    else:
                        S.emit(TRAVEL_APP, t, intent="OpenLandmark", entities=[("LandmarkEntity", lid)], context=H)
                elif r < 0.6:
                    S.emit(TRAVEL_APP, t, shortcut="show-collection",
                           entities=[("CollectionEntity", wchoice(rng, [("seoul-tokyo-december", 5), ("kyoto-autumn", 2),
                                                                        ("seoul-busan", 2), ("bucket-list", 1)]))],
                           context=H)
                elif r < 0.85:
                    S.emit(TRAVEL_APP, t, intent="OpenPhoto", entities=[("PhotoEntity", rng.choice(asia_photos))],
                           context=H)
                else:
                    S.emit(TRAVEL_APP, t, shortcut="show-landmark-photos",
                           entities=[("LandmarkEntity", rng.choice(trip_lms[:3] + ["kiyomizu-dera", "fushimi-inari"]))],
                           context=H)
                t += _dt.timedelta(minutes=rng.randint(1, 9), seconds=rng.randint(0, 59))
        if rng.random() < 0.35:
            pid = wchoice(rng, [("dinner-party", 2), ("cooking-with-sam", 3), ("piano-evenings", 2),
                                ("rainy-day-jazz", 1), (LATE_PLAYLIST, 4), ("cafe-de-paris", 1), ("korean-ballads", 1)])
            if not playlist_ok(pid, day):
                pid = "cooking-with-sam"
            t = S.at(day, 18, 50, 25)
            S.emit(MUSIC_APP, t, shortcut="play-playlist", entities=[("PlaylistEntity", pid)], context=H)
            songs_after(pid, t, rng.randint(1, 3), H + ["audio.nowPlaying"])
        if rng.random() < 0.25:
            fut = [e for e in other_events if day <= when(e, "start").date() <= day + _dt.timedelta(days=14)]
            if fut:
                e = rng.choice(fut)
                S.emit(CAL_APP, S.at(day, 20, 0, 40), intent="OpenEvent", entities=[("EventEntity", e["id"])],
                       context=H)
        if rng.random() < 0.4:
            t = S.at(day, 21, 0, 30)
            for m in pick_msgs(t, ("family", "inbox", "vip", "travel", "receipts"), rng.randint(1, 3), 72):
                S.emit(MAIL_APP, t, intent="OpenMessage", entities=[("MessageEntity", m["id"])], context=H)
                t += _dt.timedelta(minutes=rng.randint(1, 4))
        if rng.random() < 0.4:
            S.emit(CAL_APP, S.at(day, 21, 30, 20), shortcut=rng.choice(["show-agenda", "next-event"]), context=H)
        if workday and rng.random() < 0.35:
            recent = [m for m in memos if day - _dt.timedelta(days=3) <= when(m, "recordedAt").date() <= day
                      and when(m, "recordedAt").hour < 9]
            if recent:
                m = rng.choice(recent)
                S.emit(MEMOS_APP, S.at(day, rng.randint(10, 16), rng.randint(0, 59)), shortcut="play-memo",
                       entities=[("MemoEntity", m["id"])], context=["location.work"])
        if rng.random() < 0.3:
            bucket = [r["entity"]["id"] for r in S.by_id[(TRAILS_APP, "CollectionEntity", "bucket-list")]
                      ["properties"]["trails"]]
            t = S.at(day, 21, 10, 25)
            if rng.random() < 0.4:
                S.emit(TRAILS_APP, t, shortcut="show-collection", entities=[("CollectionEntity", "bucket-list")],
                       context=H)
            for _ in range(rng.randint(1, 3)):
                t += _dt.timedelta(minutes=rng.randint(1, 6), seconds=rng.randint(0, 59))
                S.emit(TRAILS_APP, t, intent="OpenTrail", entities=[("TrailEntity", rng.choice(bucket))], context=H)
        if wd in (0, 2, 4) and rng.random() < 0.2:
            S.emit(MED_APP, S.at(day, 20, 30, 15), shortcut="log-mindful-minutes",
                   context=["location.home", "fitness.activityRingsIncomplete"])

        # ---- bedtime
        if rng.random() < 0.82:
            t = S.at(day, 22, 30, 15)
            ctx = ["location.home", "sleep.bedtime"] + (["hardware.headphones"] if rng.random() < 0.35 else [])
            if rng.random() < 0.85:
                S.emit(MED_APP, t, shortcut="start-meditation", entities=enum_ref("sleep"), context=ctx)
            else:
                sid = wchoice(rng, [("body-scan-sleep", 4), ("yoga-nidra", 2), ("ocean-sleep-story", 2),
                                    ("sleep-body-scan-ko", 1), ("counting-down-to-sleep", 1)])
                S.emit(MED_APP, t, shortcut="play-session", entities=[("SessionEntity", sid)], context=ctx)
            if rng.random() < 0.12:
                S.emit(MUSIC_APP, t + _dt.timedelta(minutes=rng.randint(15, 30)), shortcut="play-playlist",
                       entities=[("PlaylistEntity", rng.choice(["sleep-ocean", "rain-on-the-roof", "deep-sleep-piano"]))],
                       context=["location.home", "sleep.bedtime"])

        # ---- app launches (no intent) and random noise
        for _ in range(rng.randint(4, 8)):
            t = S.at(day, rng.randint(7, 22), rng.randint(0, 59))
            app = wchoice(rng, [(MAIL_APP, 6), (CAL_APP, 4), (MUSIC_APP, 4), (TRAILS_APP, 2), (TRAVEL_APP, 2),
                                (MEMOS_APP, 1), (MED_APP, 1)])
            S.emit(app, t, context=place_ctx(day, t, workday))
        for _ in range(rng.randint(3, 7)):
            t = S.at(day, rng.randint(7, 22), rng.randint(0, 59))
            ctx = place_ctx(day, t, workday)
            k = rng.randint(0, 8)
            if k == 0:
                tid = rng.choice([x for x in trails if trail_ok(x, day)])
                S.emit(TRAILS_APP, t, intent="OpenTrail", entities=[("TrailEntity", tid)], context=ctx)
            elif k == 1:
                S.emit(TRAVEL_APP, t, intent="OpenLandmark", entities=[("LandmarkEntity", rng.choice(landmarks))],
                       context=ctx)
            elif k == 2:
                S.emit(TRAVEL_APP, t, intent="OpenPhoto", entities=[("PhotoEntity", rng.choice(photos)["id"])],
                       context=ctx)
            elif k == 3:
                S.emit(MUSIC_APP, t, intent="PlaySong", entities=[("SongEntity", rng.choice(all_songs))], context=ctx)
            elif k == 4:
                pid = rng.choice([p for p in playlists if playlist_ok(p, day)])
                S.emit(MUSIC_APP, t, intent="PlayPlaylist", entities=[("PlaylistEntity", pid)], context=ctx)
            elif k == 5:
                old = [m for m in memos if when(m, "recordedAt") < t]
                S.emit(MEMOS_APP, t, shortcut="play-memo", entities=[("MemoEntity", rng.choice(old)["id"])], context=ctx)
            elif k == 6:
                S.emit(CAL_APP, t, shortcut="show-calendar",
                       entities=[("CalendarEntity", rng.choice(["work", "family", "home", "fitness", "trips"]))],
                       context=ctx)
            elif k == 7:
                S.emit(MUSIC_APP, t, shortcut=rng.choice(["shuffle-library", "resume-playback"]), context=ctx)
            else:
                S.emit(MED_APP, t, shortcut=rng.choice(["silent-timer", "breathing-break"]), context=ctx)

    S.out.sort(key=lambda x: (x[0], x[1]))
    return [rec for _, _, rec in S.out]


# =================================================================== RELEVANCE
RELEVANCE_SPEC = [
    (MUSIC_APP, "audio.workout.running", "PlaylistEntity",
     ["tempo-run", "5k-intervals", "long-run-sunday", "negative-splits", "marathon-pace"]),
    (MUSIC_APP, "audio.workout.cycling", "PlaylistEntity", ["spin-class", "cadence-90", "gravel-grind"]),
    (MUSIC_APP, "sleep.bedtime", "PlaylistEntity", ["sleep-ocean", "rain-on-the-roof", "deep-sleep-piano"]),
    (MUSIC_APP, "location.commute", "PlaylistEntity", ["morning-commute", "commute-wind-down"]),
    (MED_APP, "sleep.bedtime", "SessionEntity",
     ["body-scan-sleep", "yoga-nidra", "ocean-sleep-story", "rainfall-sleep", "sleep-body-scan-ko"]),
    (MED_APP, "sleep.wakeup", "SessionEntity", ["morning-clarity", "sunrise-breath", "gratitude-start"]),
    (CAL_APP, "location.work", "CalendarEntity", ["work"]),
    (MAIL_APP, "location.work", "MailboxEntity", ["work", "vip"]),
    (MEMOS_APP, "location.commute", "MemoEntity", ["note-to-self-breathe", "podcast-thought-frecency",
                                                   "idea-boost-exact-title-matches"]),
]


def build_relevance(corpora):
    idx = {}
    for recs in corpora.values():
        for r in recs:
            if r["kind"] == "entity":
                idx[(r["app"], r["type"], r["id"])] = r
    out = []
    for app, ctx, type_, ids in RELEVANCE_SPEC:
        ents = []
        for i in ids:
            e = idx[(app, type_, i)]
            ents.append({k: v for k, v in e.items() if k not in ("kind", "app")})
        out.append({"kind": "relevance", "app": app, "context": ctx, "op": "update", "entities": ents})
    return out


# ======================================================================== MAIN
def build_all():
    corpora = {
        "trails": build_trails(),
        "travel": build_travel(),
        "music": build_music(),
        "calendar": build_calendar(),
        "memos": build_memos(),
        "meditation": build_meditation(),
        "mail": build_mail(),
    }
    corpora["interactions"] = build_interactions(corpora)
    corpora["relevance"] = build_relevance(corpora)
    return corpora


def write_all(corpora, folder=HERE):
    for name, recs in corpora.items():
        path = os.path.join(folder, name + ".jsonl")
        data = "".join(dumps(r) + "\n" for r in recs)
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(data)
        print("%-20s %6d lines" % (name + ".jsonl", len(recs)))


# ======================================================================= CHECK
CONTEXTS = ["location.home", "location.work", "location.school", "location.commute", "location.gym",
            "fitness.workoutActive", "fitness.activityRingsIncomplete", "sleep.bedtime", "sleep.wakeup",
            "hardware.headphones", "audio.nowPlaying", "audio.workout", "audio.workout.running",
            "audio.workout.cycling", "audio.workout.intensity.low", "audio.workout.intensity.medium",
            "audio.workout.intensity.high"]
APP_FILES = ["trails", "travel", "music", "calendar", "memos", "meditation", "mail"]
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
ISO = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})$")


def script_of(title):
    if re.search(r"[\uac00-\ud7a3]", title):
        return "ko"
    if re.search(r"[\u3040-\u30ff]", title):
        return "ja"
    if re.search(r"[\u4e00-\u9fff]", title):
        return "zh"   # Han only (includes kanji-only Japanese titles such as 清水寺)
    return None


def check(folder=HERE):
    errors = []

    def err(where, msg):
        errors.append("%s: %s" % (where, msg))

    files = {}
    for name in APP_FILES + ["interactions", "relevance"]:
        recs = []
        with open(os.path.join(folder, name + ".jsonl"), encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                where = "%s.jsonl:%d" % (name, n)
                try:
                    obj = json.loads(line)
                except ValueError as e:
                    err(where, "bad JSON: %s" % e)
                    continue
                if dumps(obj) + "\n" != line:
                    err(where, "not in compact canonical form")
                if "kind" not in obj:
                    err(where, "no kind")
                recs.append((where, obj))
        files[name] = recs
    apps, intents, shortcuts, entities, etypes = {}, {}, {}, {}, {}
    order = {"app": 0, "intent": 1, "entity": 2, "shortcut": 3}
    for name in APP_FILES:
        last = -1
        app_id = None
        for where, r in files[name]:
            k = r["kind"]
            if k not in order:
                err(where, "unexpected kind %s" % k)
                continue
            if order[k] < last:
                err(where, "%s after a later section" % k)
            last = order[k]
            if k == "app":
                app_id = r["app"]
                apps[app_id] = r
            elif r.get("app") != app_id:
                err(where, "app differs from the file's app record")
            if k == "intent":
                intents[(r["app"], r["id"])] = r
            elif k == "entity":
                key = (r["app"], r["type"], r["id"])
                if key in entities:
                    err(where, "duplicate entity id")
                if not SLUG.match(r["id"]):
                    err(where, "id not a lowercase slug")
                if not r.get("title"):
                    err(where, "no title")
                rh = r.get("rankingHint")
                if rh is not None and not (isinstance(rh, int) and 0 <= rh <= 100):
                    err(where, "bad rankingHint")
                entities[key] = r
                etypes.setdefault((r["app"], r["type"]), 0)
                etypes[(r["app"], r["type"])] += 1
            elif k == "shortcut":
                shortcuts[(r["app"], r["id"])] = (where, r)

    def check_value(where, v, depth=0):
        if isinstance(v, (str, bool, int, float)):
            return
        if isinstance(v, list) and depth == 0:
            for x in v:
                check_value(where, x, 1)
            return
        if isinstance(v, dict) and len(v) == 1:
            (t, x), = v.items()
            if t == "date" and isinstance(x, str) and ISO.match(x):
                return
            if t == "duration" and isinstance(x, int):
                return
            if t == "place" and isinstance(x, dict) and isinstance(x.get("latitude"), float):
                return
            if t == "person" and isinstance(x, dict) and set(x) <= {"givenName", "familyName", "email"}:
                return
            if t == "entity" and (None, x["type"], x["id"]) is not None:
                app = where_app[0]
                if (app, x["type"], x["id"]) not in entities:
                    err(where, "dangling entity ref %s/%s" % (x["type"], x["id"]))
                return
        err(where, "bad property value %r" % (v,))

    where_app = [None]
    for name in APP_FILES:
        for where, r in files[name]:
            if r["kind"] == "entity":
                where_app[0] = r["app"]
                for pv in (r.get("properties") or {}).values():
                    check_value(where, pv)
    # shortcuts
    per_app = {}
    for (app, sid), (where, s) in shortcuts.items():
        per_app[app] = per_app.get(app, 0) + 1
        it = intents.get((app, s["intent"]))
        if not it:
            err(where, "intent %s not declared" % s["intent"])
        if not 2 <= len(s["phrases"]) <= 4:
            err(where, "needs 2-4 phrases")
        p = s.get("parameter")
        allowed = {"applicationName"} | ({p["name"]} if p else set())
        for ph in s["phrases"]:
            if "${applicationName}" not in ph:
                err(where, "phrase without ${applicationName}: %s" % ph)
            for v in re.findall(r"\$\{([^}]*)\}", ph):
                if v not in allowed:
                    err(where, "phrase uses ${%s}" % v)
        if p:
            if "cases" not in p and (app, p["type"]) not in etypes:
                err(where, "parameter type %s has no entities" % p["type"])
            if it and not any(q["name"] == p["name"] and q["type"] == p["type"] for q in it["parameters"]):
                err(where, "parameter not a parameter of the intent")
    for app, n in per_app.items():
        if not 3 <= n <= 8:
            err(app, "%d shortcuts (want 3-8, max 10)" % n)
    # interactions
    prev = None
    enum_cases = {(app, s["parameter"]["type"], c["id"]) for (app, _), (_, s) in shortcuts.items()
                  if s.get("parameter", {}).get("cases") for c in s["parameter"]["cases"]}
    for where, r in files["interactions"]:
        if r["kind"] != "interaction":
            err(where, "not an interaction")
            continue
        app = r["app"]
        if app not in apps:
            err(where, "unknown app")
        if "intent" in r and (app, r["intent"]) not in intents:
            err(where, "unknown intent")
        if "shortcut" in r:
            sc = shortcuts.get((app, r["shortcut"]))
            if not sc:
                err(where, "unknown shortcut")
            elif r.get("intent") and sc[1]["intent"] != r["intent"]:
                err(where, "shortcut/intent mismatch")
        for e in r.get("entities", []):
            if (app, e["type"], e["id"]) not in entities and (app, e["type"], e["id"]) not in enum_cases:
                err(where, "unknown entity %s/%s" % (e["type"], e["id"]))
        for c in r.get("context", []):
            if c not in CONTEXTS:
                err(where, "unknown context %s" % c)
        if not r["at"].endswith("-08:00") or not ISO.match(r["at"]):
            err(where, "bad timestamp")
        t = _dt.datetime.fromisoformat(r["at"])
        if prev and t < prev:
            err(where, "not time-sorted")
        prev = t
        if not ("2026-10-19" <= r["at"][:10] <= "2026-11-29"):
            err(where, "outside window")
    # relevance
    for where, r in files["relevance"]:
        for e in r["entities"]:
            full = entities.get((r["app"], e["type"], e["id"]))
            if full is not None and {k: v for k, v in full.items() if k not in ("kind", "app")} != e:
                err(where, "entity %s differs from its record" % e["id"])
    # title rules
    for (app, typ, id_), e in entities.items():
        t = e["title"]
        if "monterey" in t.lower() and any(w.lower().startswith("ba") for w in re.findall(r"\w+", t)) \
                and (app, typ, id_) != (TRAILS_APP, "TrailEntity", "monterey-bay"):
            err("%s/%s" % (typ, id_), "title has Monterey and a ba- word")
    cjk = {"ko": 0, "ja": 0, "zh": 0}
    for e in entities.values():
        sc = script_of(e["title"])
        if sc:
            cjk[sc] += 1
    total = len(entities)
    if total < 1000:
        err("corpus", "only %d entities" % total)
    for lang, n in cjk.items():
        if n < 15:
            err("corpus", "only %d %s titles" % (n, lang))
    share = sum(cjk.values()) / total
    if not 0.05 <= share <= 0.10:
        err("corpus", "CJK share %.1f%%" % (100 * share))
    # scenario checks
    inter = [r for _, r in files["interactions"]]
    played = [e["id"] for r in inter for e in r.get("entities", []) if e["type"] == "PlaylistEntity"]
    if NEVER_PLAYED_PLAYLIST in played:
        err("interactions", "%s was played" % NEVER_PLAYED_PLAYLIST)
    runs = [(r["at"][:10], r["entities"][0]["id"]) for r in inter
            if r.get("intent") == "PlayPlaylist" and r.get("context") == RUN_CTX]
    before = [p for d, p in runs if d < HABIT_CHANGE.isoformat()]
    after = [p for d, p in runs if d >= HABIT_CHANGE.isoformat()]
    first_late = min(r["at"] for r in inter if any(e["id"] == LATE_TRAIL for e in r.get("entities", [])))
    summary = {
        "entities": total, "by_type": {"%s/%s" % k: v for k, v in sorted(etypes.items())},
        "cjk_titles": cjk, "cjk_share": round(100 * share, 1), "interactions": len(inter),
        "runs_before": {p: before.count(p) for p in sorted(set(before))},
        "runs_after": {p: after.count(p) for p in sorted(set(after))},
        "first_%s" % LATE_TRAIL: first_late,
        "first_%s" % LATE_PLAYLIST: min((r["at"] for r in inter if any(e["id"] == LATE_PLAYLIST
                                                                        for e in r.get("entities", []))), default=None),
    }
    return errors, summary


if __name__ == "__main__":
    if "--check" in sys.argv[1:]:
        errs, summ = check()
        print(json.dumps(summ, ensure_ascii=False, indent=1))
        for e in errs[:50]:
            print("ERROR", e)
        print("%d error(s)" % len(errs))
        sys.exit(1 if errs else 0)
    write_all(build_all())
