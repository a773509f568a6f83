// Fabrics as they are built (issue 42): fully connected links, where a group of n ranks uses the
// n-1 links to its peers, and the 72-GPU NVLink domain priced from its own measurement.
#include "support.hpp"
#include "tplayer/catalog.hpp"

namespace tplayer::test {
namespace {

using Catch::Matchers::WithinRel;

// GPT-3 on MI300X at `tp`, one link `xgmi` (the catalogue's Infinity Fabric unless given).
Value mi300x(std::int64_t tp, std::string_view link = R"("infinity_fabric")") {
  Value v = spec_scenario();
  v.set("accelerator", Value::from("MI300X"));
  v.set("tp_size", Value::from(static_cast<double>(tp)));
  v.set("links", json(std::string(R"({"xgmi": )") + std::string(link) + "}"));
  return v;
}

bool has_warning(const Result& r, std::string_view field, std::string_view part) {
  return std::any_of(r.warnings.begin(), r.warnings.end(), [&](const FieldError& w) {
    return w.field == field && contains(w.message, part);
  });
}

}  // namespace

TEST_CASE("a fully connected link: TP 2 has one peer link, TP 8 the whole fabric", "[fabrics]") {
  // Each MI300X has one 64 GB/s xGMI link to each of its 7 peers: a group of n uses n - 1, and
  // beyond the domain of 8 the model prices the whole fabric (with the domain's warning).
  const std::pair<std::int64_t, double> want[] = {{2, 64e9}, {4, 192e9}, {8, 448e9}, {16, 448e9}};
  const double message = 2048.0 * 12288 * 2;  // T h b
  for (const auto& [n, bandwidth] : want) {
    INFO("tp_size " << n);
    const Result r = solved(mi300x(n));
    CHECK(r.links[0].bandwidth_bytes_per_s == bandwidth);
    // Line rate: the ring's 2(n-1)/n of M over the group's bandwidth.
    const double share = 2.0 * static_cast<double>(n - 1) / static_cast<double>(n);
    CHECK_THAT(r.links[0].bandwidth_time_s, WithinRel(share * message / bandwidth, 1e-12));
    CHECK(has_warning(r, "links.xgmi", "fully connected") == (n < 8));
    CHECK(has_warning(r, "links.xgmi", "its domain") == (n > 8));
  }
  // TP 2 is one seventh of the fabric, and says why.
  const Result two = solved(mi300x(2));
  CHECK(two.links[0].bandwidth_bytes_per_s * 7 == 448e9);
  CHECK(message_for(two.warnings, "links.xgmi") ==
        "fully connected: each GPU has one link to each peer (64 GB/s per direction) and tp_size "
        "2 uses only the 1 to its group: 64 GB/s of the fabric's 448 GB/s");
}

TEST_CASE("a fully connected link in the nccl model: TP 2 at one peer link's rate", "[fabrics]") {
  // The same fitted branches at the group's bandwidth: TP 2's bandwidth-bound all-reduce moves M
  // over its one peer link (a ring of 2 and a one-shot alike), TP 8's ring 2(7)/8 of M over all
  // seven; 7 x 2(1)/2 / (2(7)/8) = 4 times as long at the same efficiency.
  const Link fabric = link_from(*find_link("infinity_fabric"), "xgmi");
  const auto efficiency = [&](std::string_view name) {
    for (const Protocol& p : fabric.protocols)
      if (p.name == name) return p.efficiency;
    FAIL("no branch " << name);
    return 0.0;
  };
  const double m = 8.0 * (1 << 30);
  const AllReduceTime two = allreduce_time(fabric, 2, m, kNccl, 0);
  const AllReduceTime eight = allreduce_time(fabric, 8, m, kNccl, 0);
  CHECK_THAT(two.bandwidth_time, WithinRel(m / (efficiency(two.protocol) * 64e9), 1e-12));
  CHECK_THAT(eight.bandwidth_time,
             WithinRel(1.75 * m / (efficiency(eight.protocol) * 448e9), 1e-12));
  CHECK_THAT(two.bandwidth_time / eight.bandwidth_time,
             WithinRel(4.0 * efficiency(eight.protocol) / efficiency(two.protocol), 1e-12));
  CHECK(link_bandwidth(fabric, 2) == 64e9);
  CHECK(link_bandwidth(fabric, 1) == 448e9);  // no exchange: the link as given
}

TEST_CASE("the catalogue's fully connected links: per_peer x (domain - 1) is the fabric",
          "[fabrics][catalog]") {
  const std::tuple<const char*, double, double> rows[] = {{"infinity_fabric", 64e9, 448e9},
                                                          {"mi355x_xgmi", 76.8e9, 537.6e9}};
  for (const auto& [key, per_peer, bandwidth] : rows) {
    INFO(key);
    const LinkEntry* e = find_link(key);
    REQUIRE(e != nullptr);
    CHECK(e->per_peer == per_peer);
    CHECK(e->bandwidth == bandwidth);
    CHECK_THAT(e->per_peer * static_cast<double>(e->domain - 1), WithinRel(bandwidth, 1e-12));
    // RCCL's branches are fitted on the MI300X table; no MI355X table exists here.
    CHECK(e->protocols.empty() == (std::string_view(key) == "mi355x_xgmi"));
    const Link l = link_from(*e, key);
    CHECK(l.is_fully_connected());
    CHECK(*l.per_peer == per_peer);
  }
  // The switched links stay switched.
  for (const char* key : {"nvlink4", "nvlink5", "nvlink5_nvl72", "pcie4", "ib_ndr"}) {
    INFO(key);
    CHECK(find_link(key)->per_peer == 0);
    CHECK_FALSE(link_from(*find_link(key), key).is_fully_connected());
  }
}

TEST_CASE("a fully connected link given as an object, and its bad per_peer", "[fabrics]") {
  const Result r = solved(mi300x(3, R"({"bandwidth": "300 GB/s", "per_peer": "50 GB/s",
                                        "domain": 8})"));
  CHECK(r.links[0].bandwidth_bytes_per_s == 100e9);
  for (const char* bad : {"0", "-64e9"}) {
    INFO(bad);
    const auto errors =
        errors_of(mi300x(2, std::string(R"({"bandwidth": 448e9, "per_peer": )") + bad + "}"));
    REQUIRE(fields(errors) == std::vector<std::string>{"links.xgmi.per_peer"});
    CHECK(contains(errors[0].message, "bandwidth"));
  }
  // An edited preset keeps its per_peer, and writes it.
  const Result edited = solved(mi300x(2, R"({"preset": "infinity_fabric", "per_peer": 32e9})"));
  CHECK(edited.links[0].bandwidth_bytes_per_s == 32e9);
}

TEST_CASE("NVL72: the full rack's all-reduce from its measurement, partitions on one domain",
          "[fabrics]") {
  // calibration/data/gb200nvl72_72.txt: 4 GiB in 10,094 us and 512 MiB in 1,806.7 us on 72
  // ranks (NVLS); the fitted curve is within 5 % of both with the table's 10 us launch.
  const Link nvl72 = link_from(*find_link("nvlink5_nvl72"), "nvl72");
  const std::pair<double, double> rows[] = {{4294967296.0, 10094e-6}, {536870912.0, 1806.7e-6}};
  for (const auto& [bytes, seconds] : rows) {
    INFO(bytes);
    const AllReduceTime t = allreduce_time(nvl72, 72, bytes, kNccl, 10e-6);
    CHECK(t.protocol == "nvls");
    CHECK_THAT(t.time(), WithinRel(seconds, 0.05));
  }
  // TP 16 and 36 inside the rack are within its domain: NVLS competes there too.
  for (std::int64_t n : {16, 36, 72}) {
    INFO(n);
    CHECK(allreduce_time(nvl72, n, 4294967296.0, kNccl, 10e-6).protocol == "nvls");
  }
}

}  // namespace tplayer::test
