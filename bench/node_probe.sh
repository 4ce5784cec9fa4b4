#!/usr/bin/env bash
# Where each NVIDIA GPU sits in its node, as the system tells it (issue 39, item 4): the reference
# that TopoScope's node placement is checked against. Prints nvidia-smi's topology matrix, each
# GPU's PCI address, and for that address the sysfs NUMA node, local CPUs and PCIe link (current
# and maximum speed and width), plus lstopo's view where hwloc's tools are installed.
set -u
echo "== nvidia-smi topo -m"
nvidia-smi topo -m 2>&1 || echo "nvidia-smi topo: exit $?"
echo "== GPUs"
nvidia-smi --query-gpu=index,name,pci.bus_id,pcie.link.gen.current,pcie.link.gen.max,pcie.link.width.current,pcie.link.width.max \
  --format=csv 2>&1 || true
for bus in $(nvidia-smi --query-gpu=pci.bus_id --format=csv,noheader 2>/dev/null); do
  # nvidia-smi writes an 8-digit domain; sysfs a 4-digit one, in lower case.
  address=$(echo "$bus" | tr 'A-F' 'a-f' | sed 's/^0000\(....:\)/\1/')
  dir=/sys/bus/pci/devices/$address
  echo "== $bus ($dir)"
  for f in numa_node local_cpulist current_link_speed current_link_width max_link_speed max_link_width; do
    printf '%s: %s\n' "$f" "$(cat "$dir/$f" 2>/dev/null || echo unreadable)"
  done
  echo "path: $(readlink -f "$dir")"
done
echo "== NUMA nodes"
for n in /sys/devices/system/node/node*; do
  [ -d "$n" ] && echo "$(basename "$n"): cpus $(cat "$n/cpulist")"
done
echo "== lscpu"
lscpu 2>/dev/null | grep -E "Model name|Socket|NUMA|^CPU\(s\)" || true
if command -v lstopo-no-graphics > /dev/null; then
  echo "== lstopo"
  lstopo-no-graphics --of console 2>&1 | head -80
fi
