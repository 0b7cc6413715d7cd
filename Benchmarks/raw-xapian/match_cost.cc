// match-cost: what each part of Limelight's scored plan costs for one word,
// on Limelight's own index (Benchmarks/ANALYSIS.md §1). Runs, three times
// (reporting the last), the word's text query alone, with the XH filter, with
// the expiry exclusion, with the prior and usage boosts, and everything
// (the plan before broad queries); top 50, then reading the hits' cards.
//
//   g++ -O2 -std=c++17 -o match-cost Benchmarks/raw-xapian/match_cost.cc -lxapian
//   match-cost DB/current WORD
#include <xapian.h>
#include <chrono>
#include <iostream>
using namespace std;
double ms(chrono::steady_clock::time_point a){return chrono::duration<double,milli>(chrono::steady_clock::now()-a).count();}
int main(int argc,char**argv){
  Xapian::Database db(argv[1]);
  Xapian::QueryParser qp; qp.set_stemmer(Xapian::Stem("english")); qp.set_stemming_strategy(Xapian::QueryParser::STEM_ALL_Z); qp.set_database(db);
  string w=argv[2];
  Xapian::Query text(Xapian::Query::OP_OR, qp.parse_query(w), Xapian::Query("XP"+w));
  Xapian::Query xh(Xapian::Query::OP_FILTER, text, Xapian::Query("XH"));
  Xapian::Query ex(Xapian::Query::OP_FILTER, Xapian::Query("XX"), Xapian::Query(Xapian::Query::OP_VALUE_LE, 7, Xapian::sortable_serialise(1.8e9)));
  Xapian::Query full(Xapian::Query::OP_AND_NOT, xh, ex);
  Xapian::ValueWeightPostingSource p0(0), p6(6);
  Xapian::Query boosts(Xapian::Query::OP_OR, Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT, Xapian::Query(&p0), 1.5), Xapian::Query(&p6));
  Xapian::Query prior(Xapian::Query::OP_SCALE_WEIGHT, Xapian::Query(&p0), 1.5);
  struct { const char* n; Xapian::Query q; } qs[] = {
    {"text", text}, {"text+XH", xh}, {"text+XH-XX", full},
    {"text maybe prior", Xapian::Query(Xapian::Query::OP_AND_MAYBE, text, prior)},
    {"text maybe boosts", Xapian::Query(Xapian::Query::OP_AND_MAYBE, text, boosts)},
    {"full maybe boosts", Xapian::Query(Xapian::Query::OP_AND_MAYBE, full, boosts)}};
  for (int rep=0; rep<3; rep++) for (auto &x : qs) {
    auto t=chrono::steady_clock::now(); Xapian::Enquire e(db); e.set_weighting_scheme(Xapian::BM25Weight(1.2,0,1,0.5,0.5)); e.set_query(x.q); auto m=e.get_mset(0,50);
    double d=ms(t); for (auto i=m.begin(); i!=m.end(); ++i) i.get_document().get_value(1);
    if (rep==2) cout<<x.n<<" "<<m.get_matches_estimated()<<" "<<d<<" ms (+values "<<ms(t)-d<<")\n";
  }
}
